/**
 * A department's team in the browser (department teams). At 1280 px: the head opens Team from the dashboard
 * home, invites an officer (a bad address is refused next to the field), sees the pending invitation;
 * the officer opens the emailed /join/<token> link in a browser of their own, joins, signs in on the
 * login page's Government tab and sees both members (and no head controls); the head removes the
 * officer, whose entry disappears and whose session ends. At a 390 px phone width: the invite form works
 * from the keyboard, the head withdraws an invitation and its link then says it is no longer valid.
 * Screenshots of the Team and join pages at both widths go to e2e/artifacts/screenshots.
 *
 * The e2e server writes every email to DATA_DIR/outbox/<id>.eml (see email.spec.ts): the tests read the
 * invitation's link from there.
 */
import { TEAM_TEXTS, TEAM_UI, TEXTS } from '@civicpulse/shared';
import type { Browser, Page } from '@playwright/test';
import { budget, expect, noSidewaysScroll, shoot, signIn, test, toast, uniqueEmail, verifiedDepartmentToken } from '../support/fixtures';
import { invitationLink } from '../support/team';

/** A browser of the invitee's own (no session shared with the head's page). */
async function invitee(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
  return context.newPage();
}

const members = (page: Page) => page.getByTestId('team-members').getByTestId('team-member');
const invites = (page: Page) => page.getByTestId('team-invites').getByTestId('team-invite');

async function invite(page: Page, email: string): Promise<void> {
  await page.getByLabel(TEAM_UI.emailLabel).fill(email);
  await page.getByLabel(TEAM_UI.roleLabel).selectOption('officer');
  await page.getByRole('button', { name: TEAM_UI.invite }).click();
  await expect(toast(page, TEAM_TEXTS.inviteSent(email))).toBeVisible();
}

test.describe('department team', () => {
  test.skip(!process.env.E2E_DATA_DIR, 'reads the e2e server outbox (not available with E2E_BASE_URL)');

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the head invites an officer who joins, signs in and sees the team; the head removes them', async ({ page, browser, request, baseURL }) => {
      test.setTimeout(budget(120_000));
      const tag = Date.now().toString(36);
      const department = `Roads Department ${tag}`;
      await signIn(page, await verifiedDepartmentToken(request, { name: department }), '/government/dashboard');

      // Team from the dashboard home's shortcuts (the spec's side menu keeps its own entries).
      await page.getByRole('main').getByRole('link', { name: /^Team/ }).click();
      await expect(page).toHaveURL(/\/government\/dashboard\/team$/);
      await expect(page.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();
      await expect(page).toHaveTitle(`${TEAM_UI.heading} · CivicPulse`);
      await expect(members(page)).toHaveCount(1);
      await expect(members(page).first()).toContainText(department);
      await expect(members(page).first()).toContainText(TEAM_UI.you);
      await expect(members(page).first()).toContainText(TEAM_UI.departmentAccount);
      await expect(members(page).first()).toContainText(TEAM_UI.roleNames.head);
      // The department account itself cannot be removed.
      await expect(page.getByTestId('team-members').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
      await expect(page.getByText(TEAM_UI.noInvites)).toBeVisible();

      // A bad address is refused next to the field, which takes the focus.
      await page.getByLabel(TEAM_UI.emailLabel).fill('not-an-address');
      await page.getByRole('button', { name: TEAM_UI.invite }).click();
      await expect(page.getByTestId('field-error')).toHaveText(TEAM_TEXTS.inviteEmailInvalid);
      await expect(page.getByLabel(TEAM_UI.emailLabel)).toBeFocused();

      const email = uniqueEmail('officer');
      await invite(page, email);
      await expect(page.getByLabel(TEAM_UI.emailLabel)).toHaveValue('');
      await expect(invites(page)).toHaveCount(1);
      await expect(invites(page).first()).toContainText(email);
      await expect(invites(page).first()).toContainText(TEAM_UI.roleNames.officer);
      await expect(invites(page).first()).toContainText(/Expires .*\d{4}/);
      await noSidewaysScroll(page);
      await shoot(page, 'team-1280.png');

      // The officer opens the emailed link in a browser of their own.
      const link = await invitationLink(email);
      expect(link).toMatch(/^\/join\/[\w-]+$/);
      const officer = await invitee(browser, baseURL!, { width: 1280, height: 800 });
      await officer.goto(link);
      await expect(officer.getByRole('heading', { level: 1, name: TEAM_UI.joinHeading(department) })).toBeVisible();
      await expect(officer.getByText(TEAM_UI.joinIntro(email))).toBeVisible();
      await noSidewaysScroll(officer);
      await shoot(officer, 'team-join-1280.png');
      // An empty form is refused field by field.
      await officer.getByRole('button', { name: TEAM_UI.join }).click();
      await expect(officer.getByTestId('field-error')).toHaveText(TEXTS.validation.fillAllFields);
      await expect(officer.getByLabel(TEAM_UI.nameLabel)).toBeFocused();
      const name = `Ravi Officer ${tag}`;
      const password = 'officer123';
      await officer.getByLabel(TEAM_UI.nameLabel).fill(name);
      await officer.getByLabel(TEAM_UI.passwordLabel, { exact: true }).fill(password);
      await officer.getByLabel(TEAM_UI.confirmLabel).fill(password);
      await officer.getByRole('button', { name: TEAM_UI.join }).click();
      await expect(toast(officer, TEAM_TEXTS.joined)).toBeVisible();
      await expect(officer).toHaveURL(/\/login$/);

      // Signs in on the Government tab and opens Team: both members, no head controls.
      await officer.getByRole('tab', { name: 'Government' }).click();
      await officer.getByLabel('Official Email').fill(email);
      await officer.getByLabel('Password').fill(password);
      await officer.getByRole('button', { name: 'Login' }).click();
      await expect(toast(officer, TEXTS.success.governmentLoggedIn)).toBeVisible();
      await officer.goto('/government/dashboard');
      await officer.getByRole('main').getByRole('link', { name: /^Team/ }).click();
      await expect(officer.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();
      await expect(members(officer)).toHaveCount(2);
      await expect(members(officer).filter({ hasText: department })).toContainText(TEAM_UI.departmentAccount);
      const self = members(officer).filter({ hasText: name });
      await expect(self).toContainText(TEAM_UI.you);
      await expect(self).toContainText(TEAM_UI.roleNames.officer);
      await expect(self).toContainText(email);
      await expect(officer.getByRole('heading', { name: TEAM_UI.inviteHeading })).toHaveCount(0);
      await expect(officer.getByTestId('team-invites')).toHaveCount(0);
      await expect(officer.getByRole('button', { name: TEAM_UI.remove })).toHaveCount(0);

      // The head: the invitation became a member; remove them (confirmed first, Cancel is the default).
      await page.reload();
      await expect(members(page)).toHaveCount(2);
      await expect(page.getByText(TEAM_UI.noInvites)).toBeVisible();
      await page.getByRole('button', { name: `Remove ${name}` }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(TEAM_UI.removeConfirm(name));
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await dialog.getByRole('button', { name: TEAM_UI.remove, exact: true }).click();
      await expect(toast(page, TEAM_TEXTS.memberRemoved)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(members(page)).toHaveCount(1);
      await expect(members(page).filter({ hasText: name })).toHaveCount(0);

      // The removed officer's session is over: the next load of Team ends on the login page.
      await officer.reload();
      await expect(officer).toHaveURL(/\/login$/);
      await officer.context().close();
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the invite form works from the keyboard; a withdrawn invitation no longer opens', async ({ page, browser, request, baseURL }) => {
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const department = `Water Board ${tag}`;
      await signIn(page, await verifiedDepartmentToken(request, { name: department }), '/government/dashboard/team');
      await expect(page.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();

      // Email, Tab to the role, Tab to the button, Enter.
      const email = uniqueEmail('phone-officer');
      await page.getByLabel(TEAM_UI.emailLabel).fill(email);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(TEAM_UI.roleLabel)).toBeFocused();
      await expect(page.getByLabel(TEAM_UI.roleLabel)).toHaveValue('officer');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: TEAM_UI.invite })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, TEAM_TEXTS.inviteSent(email))).toBeVisible();
      await expect(invites(page)).toHaveCount(1);
      await noSidewaysScroll(page);
      await shoot(page, 'team-390.png');

      const link = await invitationLink(email);
      const officer = await invitee(browser, baseURL!, { width: 390, height: 844 });
      await officer.goto(link);
      await expect(officer.getByRole('heading', { level: 1, name: TEAM_UI.joinHeading(department) })).toBeVisible();
      await noSidewaysScroll(officer);
      await shoot(officer, 'team-join-390.png');

      // Withdrawn: the list empties and the link says it is no longer valid.
      await page.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
      await expect(toast(page, TEAM_TEXTS.inviteRevoked)).toBeVisible();
      await expect(page.getByTestId('team-invites')).toHaveCount(0);
      await expect(page.getByText(TEAM_UI.noInvites)).toBeVisible();
      await officer.reload();
      await expect(officer.getByTestId('join-invalid')).toHaveText(TEAM_TEXTS.inviteNotFound);
      await expect(officer.getByLabel(TEAM_UI.nameLabel)).toHaveCount(0);
      await noSidewaysScroll(officer);
      await shoot(officer, 'team-join-invalid-390.png');
      await officer.context().close();
    });
  });
});
