/**
 * Internal notes in the browser, at 1280 px and at a 390 px phone width: the department that took a
 * report over writes a note on its page (an empty one is refused next to the box), an admin reads it,
 * and the reporter's page of the same report has no notes section and no note text.
 */
import { INTERNAL_NOTES_TEXTS, INTERNAL_NOTES_UI } from '@civicpulse/shared';
import { adminAccount, budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`internal notes at ${name} px`, () => {
    test.use({ viewport });

    test('the department keeps a note the reporter never sees', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const reporter = await loginToken(request, await signupUser(request));
      const postId = await createPostViaApi(request, reporter, { caption: `Water main leaking under the road ${tag}` });
      const department = await verifiedDepartmentToken(request, { name: `Water Works ${tag}` });
      const taken = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${department}` } });
      expect(taken.status(), await taken.text()).toBe(200);

      await signIn(page, department, `/post/${postId}`);
      const section = page.getByRole('region', { name: INTERNAL_NOTES_UI.heading });
      await expect(section).toBeVisible();
      await expect(section.getByText(INTERNAL_NOTES_UI.empty)).toBeVisible();
      await section.getByRole('button', { name: INTERNAL_NOTES_UI.add }).click();
      await expect(section.getByTestId('field-error')).toHaveText(INTERNAL_NOTES_TEXTS.bodyRequired);
      await expect(section.getByLabel(INTERNAL_NOTES_UI.label)).toBeFocused();
      const note = `Valve shut at 10:40; pipe crew booked ${tag}`;
      await section.getByLabel(INTERNAL_NOTES_UI.label).fill(note);
      await section.getByRole('button', { name: INTERNAL_NOTES_UI.add }).click();
      await expect(toast(page, INTERNAL_NOTES_TEXTS.added)).toBeVisible();
      await expect(section.getByTestId('internal-note')).toHaveCount(1);
      await expect(section.getByTestId('internal-note')).toContainText(note);
      await expect(section.getByTestId('internal-note')).toContainText(INTERNAL_NOTES_UI.byline(`Water Works ${tag}`));
      await expect(section.getByLabel(INTERNAL_NOTES_UI.label)).toHaveValue('');
      await noSidewaysScroll(page);
      await shoot(page, `internal-notes-${name}.png`);

      // An admin reads it on the same page.
      const admin = await loginToken(request, adminAccount());
      await signIn(page, admin, `/post/${postId}`);
      await expect(page.getByRole('region', { name: INTERNAL_NOTES_UI.heading }).getByTestId('internal-note')).toContainText(note);

      // The reporter's page: no section, no note.
      await signIn(page, reporter, `/post/${postId}`);
      await expect(page.getByText(`Water main leaking under the road ${tag}`).first()).toBeVisible();
      await expect(page.getByRole('region', { name: INTERNAL_NOTES_UI.heading })).toHaveCount(0);
      await expect(page.getByText(note)).toHaveCount(0);
    });
  });
}
