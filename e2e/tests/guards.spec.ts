import { GOV_UI, POST_TEXTS, POST_UI, PUBLIC_POST_UI, TEXTS } from '@civicpulse/shared';
import path from 'node:path';
import {
  adminAccount,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  signIn,
  signupGovernment,
  signupUser,
  storedToken,
  test,
  toast,
} from '../support/fixtures';
import { roadPhotoPng } from '../support/images';

const DASHBOARDS = ['/user/dashboard', '/government/dashboard', '/admin/dashboard'];

test('without a session, every guarded route goes to /login', async ({ page }) => {
  for (const path of [
    ...DASHBOARDS,
    '/user/dashboard/createPost',
    '/government/dashboard/viewPosts',
    '/admin/dashboard/manageUsers',
    '/user/profile/user/abc123',
    '/user/profile/abc123',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('without a session, profiles say why they went to /login; a post is public (an unknown one says so in place)', async ({ page }) => {
  await page.goto('/post/abc123');
  await expect(page).toHaveURL(/\/post\/abc123$/);
  await expect(page.getByText(TEXTS.errors.loadPost)).toBeVisible();
  await expect(page.getByText(POST_TEXTS.notFound)).toBeVisible();
  await page.goto('/user/profile/user/abc123');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, TEXTS.errors.tokenNotFound)).toHaveCount(1);
});

test('a shared post link opened without a session: the report reads, and signing in to vote comes back to it (not the feed)', async ({ page, request, citizen }) => {
  const author = await signupUser(request);
  const caption = `Broken water pipe near the temple ${Date.now().toString(36)}`;
  const postId = await createPostViaApi(request, await loginToken(request, author), { caption });
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('article', { name: caption })).toBeVisible();
  await page.getByRole('link', { name: PUBLIC_POST_UI.signInToTakePart }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(citizen.email);
  await page.getByLabel('Password', { exact: true }).fill(citizen.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole('article', { name: caption }).getByRole('button', { name: /upvote/i })).toBeVisible();
  // A plain visit to /login still lands on the feed.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(citizen.email);
  await page.getByLabel('Password', { exact: true }).fill(citizen.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('departments and the admin read the Community Posts feed; a taken-over post shows its timeline', async ({
  page,
  request,
  loginAs,
}) => {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const citizen = await signupUser(request);
  const citizenToken = await loginToken(request, citizen);
  const caption = `Streetlight out on the flyover ${Date.now().toString(36)}`;
  const created = await request.post('/api/user/createPost', {
    headers: bearer(citizenToken),
    multipart: {
      caption,
      priority: 'High',
      location: JSON.stringify({
        state: 'Karnataka',
        landmark: 'Below the flyover',
        address: 'Hosur Road',
        pincode: '560068',
        coordinates: { lat: 12.9, lng: 77.62 },
      }),
      images: { name: 'light.png', mimeType: 'image/png', buffer: roadPhotoPng() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { post: { _id: string } }).post._id;

  const admin = await loginAs(adminAccount());
  await expect(page.getByRole('heading', { level: 1, name: POST_UI.feedHeading })).toBeVisible();
  const card = page.locator(`[data-post-id="${postId}"]`);
  await expect(card).toBeVisible();
  // Still Unseen: no timeline on a fresh card.
  await expect(card.getByRole('button', { name: GOV_UI.showTimeline })).toHaveCount(0);

  // A verified department takes it over; the feed card now offers the timeline.
  const department = await signupGovernment(request, { name: 'Electricity Department' });
  const departmentToken = await loginToken(request, department);
  const claims = JSON.parse(Buffer.from(departmentToken.split('.')[1] ?? '', 'base64url').toString()) as { id: string };
  const verified = await request.put(`/api/admin/verifyGovernment/${claims.id}`, { headers: bearer(admin) });
  expect(verified.status(), await verified.text()).toBe(200);
  const advanced = await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(departmentToken) });
  expect(advanced.status(), await advanced.text()).toBe(200);

  await signIn(page, departmentToken, '/');
  await expect(page.getByRole('heading', { level: 1, name: POST_UI.feedHeading })).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: GOV_UI.showTimeline }).click();
  await expect(card.getByTestId('progress-timeline')).toContainText('Electricity Department took it over');

  // The post page shows the timeline at once.
  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId('progress-timeline')).toContainText('Electricity Department took it over');
});

test('a citizen reaches only the citizen dashboard', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, '/user/dashboard');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome Back/ })).toBeVisible();
  for (const path of ['/government/dashboard', '/admin/dashboard/managePosts']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Community Posts' })).toBeVisible();
  }
  await page.goto('/post/some-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
});

test('a department reaches only the government dashboard', async ({ page, department, loginAs }) => {
  await loginAs(department, '/government/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText(/Monitor public reports, update their statuses and track the progress/)).toBeVisible();
  for (const path of ['/user/dashboard', '/admin/dashboard']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('the admin reaches only the admin panel', async ({ page, loginAs }) => {
  await loginAs(adminAccount(), '/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  for (const path of ['/user/dashboard/userPosts', '/government/dashboard']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('signed-in visitors are sent from /login and /signup to /', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen);
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Community Posts' })).toBeVisible();
  }
});

test('an undecodable stored token is removed with a console warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await signIn(page, 'not.a-real.token', '/user/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  expect(warnings).toContain(TEXTS.auth.decodeFailed);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('logout clears the session and goes to /login', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 from the API ends the session with a toast', async ({ page, citizen, loginAs }) => {
  // The header's profile fetch is the first authenticated call; the server rejects the token.
  await page.route('**/api/user/profile/**', (route) =>
    route.fulfill({ status: 401, json: { message: TEXTS.auth.tokenInvalid } }),
  );
  await loginAs(citizen);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, TEXTS.auth.tokenInvalid)).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('header: active links, avatar menu and notifications for a citizen', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, '/user/dashboard/createPost');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(TEXTS.empty.notifications)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-feed-notifications.png') });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('group', { name: 'Account' });
  await expect(menu.getByText(citizen.email)).toBeVisible();
  await expect(menu.getByText(citizen.name)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/user/dashboard/userProfile');
  // Arrow keys move through the entries.
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-feed-account-menu.png') });
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'Profile Settings' })).toBeFocused();
  await menu.getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  // Menus close on route change.
  await expect(menu).toBeHidden();
});

test('the admin menu has no Profile Settings', async ({ page, loginAs }) => {
  await loginAs(adminAccount());
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('group', { name: 'Account' });
  await expect(menu.getByText(adminAccount().email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Developers' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Profile Settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profile Settings' })).toHaveCount(0);
});

const MENUS = {
  user: [
    ['Home', '/user/dashboard'],
    ['Create Issue', '/user/dashboard/createPost'],
    ['My Issues', '/user/dashboard/userPosts'],
    ['Other Issues', '/'],
    ['Upvoted Issues', '/user/dashboard/upvotedIssues'],
    ['Downvoted Issues', '/user/dashboard/downvotedIssues'],
    ['Community Chat', '/user/dashboard/communityChat'],
    ['Profile', '/user/dashboard/userProfile'],
    ['Settings', '/user/dashboard/settings'],
  ],
  government: [
    ['Home', '/government/dashboard'],
    ['View Issues', '/government/dashboard/viewPosts'],
    ['View Progress', '/government/dashboard/viewProgress'],
    ['Resolved Issues', '/government/dashboard/resolvedIssues'],
    ['Profile', '/government/dashboard/governmentProfile'],
    ['Settings', '/government/dashboard/settings'],
  ],
  admin: [
    ['Home', '/admin/dashboard'],
    ['Manage Posts', '/admin/dashboard/managePosts'],
    ['Manage Users', '/admin/dashboard/manageUsers'],
    ['Manage Government', '/admin/dashboard/manageGovernment'],
    ['Triage', '/admin/dashboard/triage'],
    ['Appeals', '/admin/dashboard/appeals'],
    ['Moderation', '/admin/dashboard/moderation'],
    ['Audit Log', '/admin/dashboard/auditLog'],
    ['Service levels', '/admin/dashboard/serviceLevels'],
    ['API keys', '/admin/dashboard/apiKeys'],
    ['Profile', '/admin/dashboard/profile'],
  ],
} as const;

async function checkMenu(page: import('@playwright/test').Page, title: string, entries: readonly (readonly [string, string])[]) {
  const menu = page.getByRole('complementary').getByRole('navigation', { name: title });
  const links = menu.getByRole('link');
  await expect(links).toHaveText(entries.map(([label]) => label));
  for (const [i, [, href]] of entries.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
  // Every entry but "Other Issues" (the feed) opens a real screen, never the not-found page.
  for (const [label, href] of entries) {
    if (href === '/') continue;
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: TEXTS.notFoundPage.title })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

test('citizen dashboard side menu', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, '/user/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome Back/ })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-user-dashboard.png'), fullPage: true });
  await checkMenu(page, 'Citizen Dashboard', MENUS.user);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-user-dashboard-settings.png'), fullPage: true });
});

test('government dashboard side menu', async ({ page, department, loginAs }) => {
  await loginAs(department, '/government/dashboard');
  await checkMenu(page, 'Government Dashboard', MENUS.government);
});

test('admin panel side menu', async ({ page, loginAs }) => {
  await loginAs(adminAccount(), '/admin/dashboard');
  await checkMenu(page, 'Admin Panel', MENUS.admin);
});
