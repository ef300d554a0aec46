/**
 * Issue 12 (reading profiles; the editor and settings screens are still to come): private fields
 * show as 'Private' to others and appear once published; a department's profile shows its real
 * figures after it resolves a report; own profiles in both dashboards. Screens at 1280 and 390 px.
 */
import { PROFILE_UI } from '@civicpulse/shared';
import {
  adminAccount,
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
  await expect(view.locator('[data-field="phone"]')).toHaveText('9876501234');
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
  await expect(page.getByTestId('citizen-profile').locator('[data-field="phone"]')).toHaveText('9876501234');
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
