/**
 * Issue 11, the admin console in the browser: a department signs up (with its proof) and waits; the admin opens its
 * proof document and verifies it; the department takes a report over; the admin deletes a citizen
 * whose vote and comment then leave the report with right counts; the home's figures, charts and
 * heatmap render with data; the audit log lists what happened. Screens at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_UI, GOV_UI, POST_UI, STATE_REFERENCE_POINTS, TEAM_UI } from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  chartLabelsApart,
  createPostViaApi,
  expect,
  loginToken,
  noSidewaysScroll,
  PROOF_PNG,
  SCREENSHOTS,
  shoot,
  signIn,
  signupGovernment,
  signupUser,
  test,
  toast,
  verifiedDepartmentToken,
  watchApi,
} from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });
const A = '/admin/dashboard';

/** Every state in the state chart has its name beside its bar: as many labels as rows in the chart's table. */
async function everyStateNamed(page: Page): Promise<void> {
  const chart = page.getByRole('figure', { name: ADMIN_UI.byState });
  const rows = await chart.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(7);
  await expect(chart.locator('.recharts-yAxis-tick-labels text')).toHaveCount(rows);
}

async function api(request: APIRequestContext, token: string, method: 'PUT' | 'POST', url: string, data: unknown) {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test('the admin verifies a department, removes a citizen, and sees the city at a glance', async ({ page, request, browser }) => {
  const screen = watchApi(page);
  test.setTimeout(budget(180_000));
  const tag = Date.now().toString(36);
  const deptName = `Ward ${tag} Roads Office`;
  // The department signs up in the browser, with its proof document.
  const dept = { role: 'government' as const, name: deptName, email: `ward.${tag}@example.com`, password: 'secret123' };
  await page.goto('/signup');
  await page.getByRole('tab', { name: 'Government' }).click();
  await page.getByLabel('Department').fill(deptName);
  await page.getByLabel('Official Email').fill(dept.email);
  await page.getByLabel('Password', { exact: true }).fill(dept.password);
  await page.getByLabel('Confirm Password').fill(dept.password);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Proof Document').setInputFiles(PROOF_PNG);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'Government account registered!')).toBeVisible();
  const reporter = await signupUser(request, { name: 'Asha Reporter' });
  const leaver = await signupUser(request, { name: `Leaving Neighbour ${tag}` });
  const reporterToken = await loginToken(request, reporter);
  const leaverToken = await loginToken(request, leaver);
  const caption = `Streetlight out on the main road ${tag}`;
  const postId = await createPostViaApi(request, reporterToken, { caption, priority: 'High' });
  await api(request, leaverToken, 'PUT', '/api/posts/votePost', { postId, type: 'upvote' });
  await api(request, leaverToken, 'POST', '/api/posts/addComment', { postId, content: `Comment that goes ${tag}` });
  await api(request, reporterToken, 'POST', '/api/posts/addComment', { postId, content: `Comment that stays ${tag}` });
  // Reports in nine more states, most with long names, so the state chart has rows to fit on a phone.
  const states = ['Andaman and Nicobar Islands', 'Dadra and Nagar Haveli and Daman and Diu', 'Jammu and Kashmir', 'Uttar Pradesh', 'West Bengal', 'Uttarakhand', 'Lakshadweep', 'Puducherry', 'Chandigarh'];
  for (const state of states) {
    const [, lat, lng] = STATE_REFERENCE_POINTS.find((p) => p[0] === state)!;
    const location = { state, landmark: 'Near the bus stand', address: `Main Road, ${state}`, pincode: '110001', coordinates: { lat, lng } };
    await createPostViaApi(request, reporterToken, { caption: `Broken footpath ${tag}`, location });
  }
  // Two more departments with long names take reports over, so the home's per-department chart has
  // several names to fit under its bars on a phone.
  for (const name of [`Storm Water Drainage Department ${tag}`, `Solid Waste Management Cell ${tag}`]) {
    const token = await verifiedDepartmentToken(request, { name });
    const theirs = await createPostViaApi(request, reporterToken, { caption: `Blocked drain by the market ${tag}` });
    await api(request, token, 'PUT', `/api/gov/progressState/${theirs}`, {});
  }

  // Manage Government: pending first, with its proof document; Verify.
  const adminToken = await loginToken(request, adminAccount());
  await signIn(page, adminToken, `${A}/manageGovernment`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Government' })).toBeVisible();
  await page.getByLabel(ADMIN_UI.searchGovernments).fill(tag);
  const card = page.getByRole('article', { name: deptName });
  await expect(card).toBeVisible();
  await expect(card.getByText(ADMIN_UI.pendingVerification)).toBeVisible();
  await card.getByRole('button', { name: ADMIN_UI.viewProof }).click();
  const viewer = page.getByRole('dialog', { name: ADMIN_UI.proofTitle(deptName) });
  const proof = viewer.getByRole('img', { name: ADMIN_UI.proofTitle(deptName) });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await proof.getAttribute('src')).toMatch(/^blob:/);
  await shoot(page, 'admin-proof-1280.png');
  await viewer.getByRole('button', { name: ADMIN_UI.close }).click();
  await card.getByRole('button', { name: ADMIN_UI.verify }).click();
  await expect(toast(page, 'Government account verified')).toBeVisible();
  await expect(card.getByText(ADMIN_UI.verified, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: ADMIN_UI.revoke })).toBeVisible();

  // The department, now verified, takes the report over in its own browser.
  const deptContext = await browser.newContext();
  const deptPage = await deptContext.newPage();
  await signIn(deptPage, await loginToken(request, dept), '/government/dashboard/viewPosts');
  const report = deptPage.locator(`[data-post-id="${postId}"]`);
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: GOV_UI.advance }).click();
  await deptPage.getByRole('alertdialog', { name: TEAM_UI.takeOverTitle }).getByRole('button', { name: TEAM_UI.takeOverYes }).click();
  await expect(toast(deptPage, 'Progress updated to Problem Seen')).toBeVisible();
  await deptContext.close();

  // Manage Users: find the neighbour, delete with a confirmation that says what goes.
  await page.goto(`${A}/manageUsers`);
  await page.getByLabel(ADMIN_UI.searchUsers).fill(tag);
  const row = page.getByRole('row').filter({ hasText: leaver.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Citizen');
  await row.getByRole('button', { name: `Delete ${leaver.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: ADMIN_UI.deleteUserTitle(leaver.name) });
  await expect(confirm).toContainText('every vote, comment and reply');
  await confirm.getByRole('button', { name: ADMIN_UI.deleteUser }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The report: the deleted citizen's comment and vote are gone, the counts are right.
  await page.goto(`/post/${postId}`);
  const post = page.locator(`[data-post-id="${postId}"]`);
  await expect(post).toBeVisible();
  await expect(post.getByRole('button', { name: /upvote/i })).toContainText('0');
  await expect(page.getByText(`Comment that stays ${tag}`)).toBeVisible();
  await expect(page.getByText(`Comment that goes ${tag}`)).toHaveCount(0);
  const answer = await request.get(`/api/posts/post/${postId}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const fresh = ((await answer.json()) as { post: { upvoteCount: number; upvotes: string[]; commentCount: number; assignedGovernment: string } }).post;
  expect(fresh).toMatchObject({ upvoteCount: 0, upvotes: [], commentCount: 1 });

  // Manage Posts finds it by caption and the admin filter words.
  await page.goto(`${A}/managePosts`);
  await page.getByLabel(ADMIN_UI.searchPosts).fill(tag);
  await page.getByLabel(ADMIN_UI.priority).selectOption('high');
  await page.getByLabel(ADMIN_UI.progress).selectOption('Problem Seen');
  await screen.settled();
  const listed = page.getByTestId('admin-posts').getByTestId('post-card');
  await expect(listed).toHaveCount(1);
  await expect(page.getByRole('button', { name: ADMIN_UI.deletePost })).toBeVisible();
  // The admin removes someone else's comment from the list: it goes, the count follows, it is audited.
  await listed.getByRole('button', { name: POST_UI.viewComments }).click();
  const stays = listed.getByTestId('comment').filter({ hasText: `Comment that stays ${tag}` });
  await stays.getByRole('button', { name: POST_UI.deleteComment }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: POST_UI.deleteComment }).click();
  await expect(listed.getByTestId('comment')).toHaveCount(0);
  await expect(listed.getByRole('button', { name: POST_UI.hideComments })).toContainText('0');

  // Home: figures, charts and the heatmap, with data.
  await page.goto(A);
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  const cards = page.getByTestId('admin-stat-cards');
  await expect(cards).toBeVisible();
  const reports = Number((await cards.locator('dd').first().innerText()).replace(/,/g, ''));
  expect(reports).toBeGreaterThan(0);
  await expect(page.getByTestId('admin-charts').locator('.recharts-wrapper')).toHaveCount(4);
  await expect(page.getByTestId('admin-charts').locator('.recharts-line-curve').first()).toBeVisible();
  await expect(page.getByTestId('admin-heatmap').locator('path.leaflet-interactive').first()).toBeVisible({ timeout: 15_000 });
  await chartLabelsApart(page);
  await everyStateNamed(page);
  // Legends list the series in the order they are drawn (Recharts would sort them by name).
  await expect(page.getByTestId('admin-charts').locator('.recharts-legend-item-text')).toHaveText([ADMIN_UI.reported, ADMIN_UI.resolvedSeries, ADMIN_UI.takeOver, ADMIN_UI.finish]);
  await shoot(page, 'admin-home-1280.png');

  // Audit log (linked from the home): the comment, the deletion and the verification, newest first.
  // The home's card (the side menu has a plain "Audit Log" entry too).
  await page.getByRole('link', { name: new RegExp(`^${ADMIN_UI.auditTitle} .`) }).click();
  await expect(page).toHaveURL(new RegExp(`${A}/auditLog$`));
  const log = page.getByTestId('audit-log');
  // Other specs running in parallel write to the same log: find this test's entries, then check their order.
  const removedComment = log.getByRole('listitem').filter({ hasText: 'Deleted comment' }).filter({ hasText: `Comment that stays ${tag}` });
  const removedUser = log.getByRole('listitem').filter({ hasText: 'Deleted user' }).filter({ hasText: leaver.email });
  await expect(removedComment).toHaveCount(1);
  await expect(removedUser).toHaveCount(1);
  await expect(log.getByText(`${deptName} <${dept.email}>`)).toBeVisible();
  const entries = await log.getByRole('listitem').allInnerTexts();
  const commentAt = entries.findIndex((e) => e.includes('Deleted comment') && e.includes(`Comment that stays ${tag}`));
  const userAt = entries.findIndex((e) => e.includes('Deleted user') && e.includes(leaver.email));
  expect(commentAt, 'newest first: the comment was removed after the user').toBeLessThan(userAt);
  await shoot(page, 'admin-audit-1280.png');
  // Only my actions: this admin's entries stay, each by this admin.
  const onlyMine = page.getByRole('checkbox', { name: 'Only my actions' });
  await onlyMine.focus();
  await page.keyboard.press('Space');
  await expect(onlyMine).toBeChecked();
  await expect(removedComment).toHaveCount(1);
  const bylines = await log.getByRole('listitem').locator('p.text-xs').allInnerTexts();
  expect(bylines.length).toBeGreaterThan(0);
  expect(new Set(bylines)).toEqual(new Set([ADMIN_UI.auditBy(adminAccount().name)]));

  for (const [name, url] of [
    ['admin-manage-government-1280.png', `${A}/manageGovernment`],
    ['admin-manage-users-1280.png', `${A}/manageUsers`],
    ['admin-manage-posts-1280.png', `${A}/managePosts`],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen.settled();
    await shoot(page, name);
  }

  // A phone: every admin screen fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, url] of [
    ['admin-home-390.png', A],
    ['admin-manage-government-390.png', `${A}/manageGovernment`],
    ['admin-manage-users-390.png', `${A}/manageUsers`],
    ['admin-manage-posts-390.png', `${A}/managePosts`],
    ['admin-audit-390.png', `${A}/auditLog`],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'Hello Admin' })).first()).toBeVisible();
    await screen.settled();
    await noSidewaysScroll(page);
    if (url === A) {
      await chartLabelsApart(page);
      await everyStateNamed(page);
    }
    await shoot(page, name);
  }
});

test('revoking needs a reason and stops the department; deleting it releases its reports', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const tag = Date.now().toString(36);
  const deptName = `Ward ${tag} Water Office`;
  const dept = await signupGovernment(request, { name: deptName });
  const adminToken = await loginToken(request, adminAccount());
  const deptToken = await loginToken(request, dept);
  const deptId = (JSON.parse(Buffer.from(deptToken.split('.')[1]!, 'base64url').toString()) as { id: string }).id;
  await api(request, adminToken, 'PUT', `/api/admin/verifyGovernment/${deptId}`, {});
  const citizen = await signupUser(request);
  const postId = await createPostViaApi(request, await loginToken(request, citizen), { caption: `Leaking pipe ${tag}` });
  await api(request, deptToken, 'PUT', `/api/gov/progressState/${postId}`, {});

  await signIn(page, adminToken, `${A}/manageGovernment`);
  await page.getByLabel(ADMIN_UI.searchGovernments).fill(tag);
  const card = page.getByRole('article', { name: deptName });
  await card.getByRole('button', { name: ADMIN_UI.revoke }).click();
  const dialog = page.getByRole('alertdialog', { name: ADMIN_UI.revokeTitle(deptName) });
  await dialog.getByRole('button', { name: ADMIN_UI.revoke }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel(ADMIN_UI.reason).fill('Proof document expired');
  await dialog.getByRole('button', { name: ADMIN_UI.revoke }).click();
  await expect(toast(page, 'Government verification revoked')).toBeVisible();
  await expect(card.getByText(ADMIN_UI.revokedBecause('Proof document expired'))).toBeVisible();
  const blocked = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${deptToken}` } });
  expect(blocked.status()).toBe(403);

  await card.getByRole('button', { name: ADMIN_UI.deleteUser }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: ADMIN_UI.deleteUser }).click();
  await expect(toast(page, 'Government account deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  const after = await request.get(`/api/posts/post/${postId}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(((await after.json()) as { post: { progressState: string; assignedGovernment: string | null } }).post).toMatchObject({
    progressState: 'Unseen',
    assignedGovernment: null,
  });
  const gone = await request.get('/api/gov/allPosts', { headers: { Authorization: `Bearer ${deptToken}` } });
  expect(gone.status()).toBe(401);
});
