/**
 * Duplicate reports in the browser, at 1280 px and at a 390 px phone width: the department holding a
 * report marks it as a duplicate of another from its post page (the original's reference number in a
 * dialog); the banner links to the original, whose vote count rose by the duplicate's voters; both
 * timelines say so; the duplicate's reporter finds the notification in the bell; then the department
 * takes the mark back and the original's count falls again. Screenshots of the dialog and of the post
 * page with the banner go to e2e/artifacts/screenshots (and SHOTS_DIR when set).
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { DUPLICATE_TEXTS, DUPLICATE_TIMELINE_UI, DUPLICATE_UI, FOLLOW_UI, POST_UI, type Post } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolationsSettled } from '../support/axe';
import { DEFAULT_REPORT_LOCATION, budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

async function postAs(request: APIRequestContext, token: string, id: string): Promise<Post> {
  const res = await request.get(`/api/posts/post/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { post: Post }).post;
}

/** A full-page picture for the suite's artifacts, and a copy where the reviewer looks (SHOTS_DIR). */
async function picture(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, name), fullPage: true });
  }
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`duplicate reports at ${name} px`, () => {
    test.use({ viewport });

    test('a department marks a report as a duplicate: votes move, both timelines say so, the reporter is told; then it is undone', async ({ page, request }) => {
      test.setTimeout(budget(120_000));
      const tag = `${name}-${Date.now().toString(36)}`;
      const reporter = await loginToken(request, await signupUser(request, { name: 'Asha Reporter' }));
      const neighbour = await loginToken(request, await signupUser(request, { name: 'Ravi Neighbour' }));
      const voters = [await loginToken(request, await signupUser(request)), await loginToken(request, await signupUser(request))];
      const dept = await verifiedDepartmentToken(request, { name: `Ward Roads ${tag}` });
      const duplicate = await createPostViaApi(request, reporter, { caption: `Pothole again at the bus stop ${tag}` });
      const original = await createPostViaApi(request, neighbour, { caption: `Deep pothole at the bus stop ${tag}` });
      // The department holds the duplicate; two neighbours upvoted it.
      const taken = await request.put(`/api/gov/progressState/${duplicate}`, { headers: { Authorization: `Bearer ${dept}` } });
      expect(taken.status(), await taken.text()).toBe(200);
      for (const voter of voters) {
        const voted = await request.put('/api/posts/votePost', { headers: { Authorization: `Bearer ${voter}` }, data: { postId: duplicate, type: 'upvote' } });
        expect(voted.status()).toBe(200);
      }
      const originalRef = (await postAs(request, dept, original)).reference;
      const duplicateRef = (await postAs(request, dept, duplicate)).reference;
      expect((await postAs(request, dept, original)).upvoteCount).toBe(0);

      // Mark as duplicate: a labelled field for the original's reference, then confirm.
      await signIn(page, dept, `/post/${duplicate}`);
      await page.getByRole('button', { name: DUPLICATE_UI.markButton }).click();
      const dialog = page.getByRole('dialog', { name: DUPLICATE_UI.dialogTitle });
      const field = dialog.getByLabel(DUPLICATE_UI.originalLabel);
      await expect(field).toBeFocused();
      // An unknown reference is refused in words under the field; nothing changes.
      await field.fill('CP-MH-2026-999999');
      await field.press('Enter');
      await expect(dialog.getByText(DUPLICATE_TEXTS.originalNotFound)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill(originalRef);
      await picture(page, `duplicate-dialog-${name}.png`);
      if (name === '1280') expect(await seriousViolationsSettled(page)).toEqual([]);
      await dialog.getByRole('button', { name: DUPLICATE_UI.confirm }).click();
      await expect(toast(page, DUPLICATE_TEXTS.marked(originalRef))).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The banner links to the original; the duplicate's timeline says so.
      const banner = page.getByTestId('duplicate-banner');
      await expect(banner).toContainText(DUPLICATE_UI.banner(originalRef));
      await expect(page.getByTestId('progress-timeline')).toContainText(DUPLICATE_TIMELINE_UI.duplicate(originalRef));
      await expect(page.getByRole('button', { name: DUPLICATE_UI.unmarkButton })).toBeVisible();
      await noSidewaysScroll(page);
      await picture(page, `duplicate-banner-${name}.png`);
      if (name === '1280') expect(await seriousViolationsSettled(page)).toEqual([]);

      // The original: its count rose by the duplicate's two voters, its timeline names the duplicate.
      await banner.getByRole('link', { name: DUPLICATE_UI.bannerLink }).click();
      await expect(page).toHaveURL(new RegExp(`/post/${original}$`));
      await expect(page.locator(`[data-post-id="${original}"]`).getByTestId('upvote-count').first()).toHaveText('2');
      await expect(page.getByTestId('progress-timeline')).toContainText(DUPLICATE_TIMELINE_UI.merged(duplicateRef));
      expect((await postAs(request, neighbour, original)).upvoteCount).toBe(2);

      // The public page (no account) shows the banner too.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(`/post/${duplicate}`);
      await expect(page.getByTestId('public-post')).toBeVisible();
      await expect(page.getByTestId('duplicate-banner')).toContainText(DUPLICATE_UI.banner(originalRef));

      // The reporter reads it in the bell.
      await signIn(page, reporter, `/post/${duplicate}`);
      // Two unread: the take-over and the mark, the mark first.
      await page.getByRole('button', { name: 'Notifications, 2 unread', exact: true }).click();
      const note = page.getByTestId('notification').first();
      await expect(note).toContainText('Report marked as a duplicate');
      await expect(note).toContainText(originalRef);
      await page.keyboard.press('Escape');

      // The department takes it back: the original's count falls again, both timelines say so.
      await signIn(page, dept, `/post/${duplicate}`);
      await page.getByRole('button', { name: DUPLICATE_UI.unmarkButton }).click();
      const confirm = page.getByRole('alertdialog', { name: DUPLICATE_UI.unmarkTitle });
      await confirm.getByRole('button', { name: DUPLICATE_UI.unmarkConfirm }).click();
      await expect(toast(page, DUPLICATE_TEXTS.unmarked)).toBeVisible();
      await expect(page.getByTestId('duplicate-banner')).toHaveCount(0);
      await expect(page.getByTestId('progress-timeline')).toContainText(DUPLICATE_TIMELINE_UI.notDuplicate(originalRef));
      await expect(page.getByRole('button', { name: DUPLICATE_UI.markButton })).toBeVisible();
      const after = await postAs(request, neighbour, original);
      expect(after.upvoteCount).toBe(0);
      expect(after.history?.at(-1)?.action).toBe('unmerged');
    });
  });
}

test('the similar-reports hint offers "Follow this one instead": it follows that report and keeps the draft', async ({ page, request, context }) => {
  test.setTimeout(budget(90_000));
  const { lat, lng } = DEFAULT_REPORT_LOCATION.coordinates;
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: lat, longitude: lng });
  const tag = Date.now().toString(36);
  const neighbour = await loginToken(request, await signupUser(request, { name: 'Ravi Neighbour' }));
  const existing = await createPostViaApi(request, neighbour, { caption: `Streetlight dark by the library gate ${tag}` });
  const me = await loginToken(request, await signupUser(request, { name: 'Meera Resident' }));

  await signIn(page, me, '/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  await expect(page.getByTestId('picked-coordinates')).toBeVisible();
  await page.getByLabel(POST_UI.caption).fill(`Streetlight dark by the library gate ${tag}`);
  const match = page.getByRole('region', { name: POST_UI.similarHeading }).getByTestId('similar-report').filter({ hasText: tag });
  await expect(match).toBeVisible();
  await match.getByRole('button', { name: DUPLICATE_UI.followInstead }).click();
  await expect(toast(page, DUPLICATE_UI.followedInstead)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/post/${existing}$`));
  await expect(page.getByTestId('follow').getByRole('button', { name: FOLLOW_UI.unfollowLabel })).toHaveAttribute('aria-pressed', 'true');
  // Back on the form, the draft is offered again.
  await page.goto('/user/dashboard/createPost');
  await expect(page.getByText('Resume draft')).toBeVisible();
});
