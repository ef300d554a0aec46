/**
 * Issue 12 (reading profiles; the editor and settings screens are still to come): private fields
 * show as 'Private' to others and appear once published; a department's profile shows its real
 * figures after it resolves a report; own profiles in both dashboards. Screens at 1280 and 390 px.
 */
import { EDITOR_UI, NOTIFICATION_LABELS, PROFILE_TEXTS, PROFILE_UI, SETTINGS_TEXTS, SETTINGS_UI } from '@civicpulse/shared';
import { roadPhotoPng } from '../support/images';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  noSidewaysScroll,
  shoot,
  signIn,
  signupGovernment,
  signupUser,
  test,
} from '../support/fixtures';

const idOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: string }).id;

test('a citizen sees another citizen’s published phone but not their private date of birth', async ({ page, request }) => {
  const owner = await signupUser(request, { name: 'Meera Owner' });
  const ownerToken = await loginToken(request, owner);
  const edit = await request.put('/api/user/updateProfile', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    multipart: { phone: '9876501234', dob: '1991-04-02', city: 'Pune', state: 'Maharashtra', bio: 'B'.repeat(260), publicFields: '["phone"]' },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  const viewer = await signupUser(request, { name: 'Kabir Viewer' });
  await signIn(page, await loginToken(request, viewer), `/user/profile/user/${idOf(ownerToken)}`);
  const view = page.getByTestId('citizen-profile');
  await expect(view.getByRole('heading', { level: 1, name: 'Meera Owner' })).toBeVisible();
  await expect(view.locator('[data-field="phone"]')).toHaveText('+91 98765 01234');
  await expect(view.locator('[data-field="dob"]')).toHaveText(PROFILE_UI.private);
  await expect(view.locator('[data-field="email"]')).toHaveText(PROFILE_UI.private);
  await expect(view.locator('[data-field="landmark"]')).toHaveText(PROFILE_UI.private);
  await expect(view.getByText(PROFILE_UI.notVerified)).toBeVisible();
  await view.getByRole('button', { name: PROFILE_UI.readMore }).click();
  await expect(view.getByRole('button', { name: PROFILE_UI.showLess })).toBeVisible();
  await shoot(page, 'profile-citizen-other-1280.png');
  // The mobile menu's form without the role finds the profile too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/user/profile/${idOf(ownerToken)}`);
  await expect(page.getByTestId('citizen-profile').locator('[data-field="phone"]')).toHaveText('+91 98765 01234');
  await noSidewaysScroll(page);
  await shoot(page, 'profile-citizen-other-390.png');

  // The owner sees every field of their own profile in the dashboard.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ownerToken, '/user/dashboard/userProfile');
  const mine = page.getByTestId('citizen-profile');
  await expect(mine.locator('[data-field="dob"]')).toHaveText('1991-04-02');
  await expect(mine.locator('[data-field="email"]')).toHaveText(owner.email);
  await shoot(page, 'profile-citizen-own-1280.png');
});

test("a department's profile shows its real figures after it resolves a report", async ({ page, request }) => {
  const dept = await signupGovernment(request, { name: 'Ward 3 Drainage Office' });
  const deptToken = await loginToken(request, dept);
  const adminToken = await loginToken(request, adminAccount());
  await request.put(`/api/admin/verifyGovernment/${idOf(deptToken)}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const citizen = await signupUser(request, { name: 'Irfan Reporter' });
  const citizenToken = await loginToken(request, citizen);
  const postId = await createPostViaApi(request, citizenToken, { caption: 'Blocked storm drain near the school' });
  const move = (url: string, token: string, options: Record<string, unknown> = {}) => request.put(url, { headers: { Authorization: `Bearer ${token}` }, ...options });
  for (let i = 0; i < 4; i++) expect((await move(`/api/gov/progressState/${postId}`, deptToken)).status()).toBe(200);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVQImWP4z8AARwgWXg4ArpMP8bh5W0YAAAAASUVORK5CYII=', 'base64');
  const finalRes = await move(`/api/gov/updateFinalWork/${postId}`, deptToken, {
    multipart: { finalCaption: 'Drain cleared', images: { name: 'done.png', mimeType: 'image/png', buffer: png } },
  });
  expect(finalRes.status(), await finalRes.text()).toBe(200);
  expect((await move(`/api/user/verifyPost/${postId}`, citizenToken)).status()).toBe(200);

  await signIn(page, citizenToken, `/user/profile/government/${idOf(deptToken)}`);
  const view = page.getByTestId('government-profile');
  await expect(view.getByRole('heading', { level: 1, name: 'Ward 3 Drainage Office' })).toBeVisible();
  await expect(view.getByText(PROFILE_UI.verifiedAuthority)).toBeVisible();
  const metrics = view.getByTestId('government-metrics');
  await expect(metrics.getByText(PROFILE_UI.metrics.resolvedIssues).locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(metrics.getByText(PROFILE_UI.metrics.successRate).locator('xpath=following-sibling::dd[1]')).toHaveText('100%');
  await expect(metrics.getByText(PROFILE_UI.metrics.citizensServed).locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(view.getByTestId('recent-activity').getByRole('listitem')).toHaveCount(5);
  await view.getByRole('tab', { name: PROFILE_UI.tabs.documents }).click();
  await expect(view.locator('[data-field="idProofNumber"]')).toHaveText(PROFILE_UI.private);
  await view.getByRole('tab', { name: PROFILE_UI.tabs.contact }).click();
  await expect(view.locator('[data-field="officialEmail"]')).toContainText(dept.email);
  await shoot(page, 'profile-government-other-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'profile-government-other-390.png');

  await signIn(page, deptToken, '/government/dashboard/governmentProfile');
  await expect(page.getByTestId('government-profile').getByTestId('government-metrics')).toBeVisible();
  await page.getByRole('tab', { name: PROFILE_UI.tabs.documents }).click();
  await expect(page.locator('[data-field="proofDocumentUrl"]')).not.toHaveText(PROFILE_UI.private);
  await shoot(page, 'profile-government-own-390.png');
});

test('Settings: publishing a field shows it to others; a password change signs out the other browser', async ({ page, request, browser }) => {
  test.setTimeout(budget(90_000));
  const me = await signupUser(request, { name: 'Tara Settings' });
  const token = await loginToken(request, me);
  await request.put('/api/user/updateProfile', { headers: { Authorization: `Bearer ${token}` }, multipart: { landmark: 'Near the old well' } });
  const otherBrowser = await browser.newContext();
  const other = await otherBrowser.newPage();
  await signIn(other, await loginToken(request, me), '/user/dashboard');
  await expect(other).toHaveURL(/\/user\/dashboard$/);

  await signIn(page, token, '/user/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: SETTINGS_UI.title })).toBeVisible();
  await page.getByLabel(SETTINGS_UI.fieldLabels.landmark!).check();
  await page.getByRole('checkbox', { name: NOTIFICATION_LABELS.chat }).uncheck();
  // The notifications card's own Save (the Email card below has one too).
  await page.getByRole('region', { name: `${SETTINGS_UI.notificationsTitle} · ${SETTINGS_UI.privacyTitle}` }).getByRole('button', { name: SETTINGS_UI.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: SETTINGS_TEXTS.settingsSaved })).toBeVisible();
  const viewer = await signupUser(request);
  const seen = await request.get(`/api/user/profile/user/${idOf(token)}`, { headers: { Authorization: `Bearer ${await loginToken(request, viewer)}` } });
  expect(((await seen.json()) as { landmark?: string }).landmark).toBe('Near the old well');
  await shoot(page, 'settings-1280.png');

  await page.getByLabel(SETTINGS_UI.currentPassword).fill(me.password);
  await page.getByLabel(SETTINGS_UI.newPassword).fill('a-brand-new-password');
  await page.getByRole('button', { name: SETTINGS_UI.changePassword }).click();
  await expect(page.getByRole('status').filter({ hasText: SETTINGS_TEXTS.passwordChanged })).toBeVisible();
  // This browser keeps working with its fresh token; the other one is sent to log in again.
  await page.goto('/user/dashboard/userProfile');
  await expect(page.getByTestId('citizen-profile')).toBeVisible();
  await other.goto('/user/dashboard/upvotedIssues');
  await expect(other).toHaveURL(/\/login$/, { timeout: 15_000 });
  await otherBrowser.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: SETTINGS_UI.title })).toBeVisible();
  await noSidewaysScroll(page);
  await shoot(page, 'settings-390.png');
});

test('a citizen edits their profile with a photo: inline errors first, then saved, and the header shows the photo', async ({ page, request }) => {
  const me = await signupUser(request, { name: 'Nisha Editor' });
  await signIn(page, await loginToken(request, me), '/user/dashboard/userProfile');
  await page.getByRole('button', { name: EDITOR_UI.edit }).click();
  const editor = page.getByTestId('profile-editor');
  await expect(editor.getByLabel(PROFILE_UI.labels.email!)).toHaveValue(me.email);
  await expect(editor.getByLabel(PROFILE_UI.labels.email!)).toHaveAttribute('readonly', '');
  await editor.getByLabel(PROFILE_UI.labels.phone!).fill('98765 12345');
  await editor.getByLabel(PROFILE_UI.labels.dob!).fill('1994-08-15');
  await editor.getByLabel(PROFILE_UI.labels.gender!).selectOption('female');
  await editor.getByLabel(PROFILE_UI.labels.pincode!).fill('41');
  await editor.getByLabel(EDITOR_UI.photo).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: roadPhotoPng(400, 300) });
  await editor.getByRole('button', { name: EDITOR_UI.save }).click();
  await expect(editor.getByText(PROFILE_TEXTS.pincode)).toBeVisible();
  await expect(editor.getByLabel(PROFILE_UI.labels.pincode!)).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel(PROFILE_UI.labels.pincode!).fill('411005');
  await shoot(page, 'profile-editor-1280.png');
  await editor.getByRole('button', { name: EDITOR_UI.save }).click();
  await expect(page.getByRole('status').filter({ hasText: PROFILE_TEXTS.updated })).toBeVisible();
  const view = page.getByTestId('citizen-profile');
  await expect(view.locator('[data-field="phone"]')).toHaveText('+91 98765 12345'); // typed with a space, stored as +919876512345
  await expect(view.locator('[data-field="gender"]')).toHaveText('female');
  await expect(view.locator('header img')).toHaveAttribute('src', /\/uploads\/avatars\/.+-256\.webp$/);
  // The header avatar reads the refreshed token's photo claim.
  await expect(page.getByRole('banner').locator('img').first()).toHaveAttribute('src', /\/uploads\/avatars\//);
  // Cancel restores the loaded values.
  await page.getByRole('button', { name: EDITOR_UI.edit }).click();
  await page.getByTestId('profile-editor').getByLabel(PROFILE_UI.labels.phone!).fill('1111111111');
  await page.getByRole('button', { name: EDITOR_UI.cancel }).click();
  await expect(view.locator('[data-field="phone"]')).toHaveText('+91 98765 12345');
  // A phone: the own profile and its editor fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'profile-citizen-own-390.png');
  await page.getByRole('button', { name: EDITOR_UI.edit }).click();
  await expect(page.getByTestId('profile-editor')).toBeVisible();
  await noSidewaysScroll(page);
  await shoot(page, 'profile-editor-390.png');
});

test("a department profile that does not exist says spec 8's 'Profile not found.'", async ({ page, request }) => {
  const viewer = await signupUser(request);
  await signIn(page, await loginToken(request, viewer), `/user/profile/government/${'f'.repeat(24)}`);
  await expect(page.getByText(PROFILE_UI.govErrors.notFound)).toBeVisible();
  await expect(page.getByRole('button', { name: PROFILE_UI.tryAgain })).toBeVisible();
});
