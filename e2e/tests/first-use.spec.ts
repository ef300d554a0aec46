/**
 * First use as a new user meets it (issue 9, items 16, 19, 21, 23, 25): no red toast before anyone did
 * anything, validation next to the field with one toast per message, a title per screen, new reports read
 * as Open, and a department still pending verification is marked as such where it speaks.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { LENGTH_TEXTS, LIMITS, POST_UI, PROGRESS_UNSEEN_LABEL, TEXTS, pageTitle } from '@civicpulse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  signIn,
  signupGovernment,
  test,
  toast,
} from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }),
  );
}

function shot(name: string): { path: string; fullPage: boolean } {
  return { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function tokenId(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: string }).id;
}

async function verify(request: APIRequestContext, govToken: string): Promise<void> {
  const adminToken = await loginToken(request, adminAccount());
  const verified = await request.put(`/api/admin/verifyGovernment/${tokenId(govToken)}`, { headers: auth(adminToken) });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The input's inline error: aria-invalid, and aria-describedby naming an element that shows the text. */
async function expectInlineError(page: Page, input: Locator, text: string): Promise<void> {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  expect(texts).toContain(text);
}

test('Create Civic Issue locates silently on load; only Locate Me reports a denied permission', async ({ page, citizen, loginAs }) => {
  // The test browser has no geolocation permission: every attempt is denied.
  await stubTiles(page);
  await loginAs(citizen, '/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  const locateMe = page.getByRole('button', { name: POST_UI.locateMe });
  // The try on load has ended (the button says Locate Me again, not Locating...).
  await expect(locateMe).toBeEnabled();
  await page.waitForTimeout(500);
  await expect(toast(page, TEXTS.errors.locationDenied)).toHaveCount(0);
  await expect(page.getByText(TEXTS.errors.locationDenied)).toHaveCount(0);
  await page.screenshot(shot('create-issue-on-open-1280'));

  await locateMe.click();
  await expect(toast(page, TEXTS.errors.locationDenied)).toBeVisible();
  await expect(page.getByTestId('locate-problem')).toHaveText(TEXTS.errors.locationDenied);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('locate-problem').scrollIntoViewIfNeeded();
  await page.screenshot({ ...shot('create-issue-locate-denied-390'), fullPage: false });
});

test('validation errors show next to the field, and one toast per message however often Submit is pressed', async ({ page, citizen, loginAs }) => {
  test.setTimeout(budget(60_000));
  await stubTiles(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // Login: an empty form, submitted twice quickly.
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await login.click();
  await login.click();
  await page.waitForTimeout(300);
  await expect(toast(page, TEXTS.validation.fillAllFields)).toHaveCount(1);
  await expectInlineError(page, page.getByLabel('Email'), TEXTS.validation.fillAllFields);
  await expectInlineError(page, page.getByLabel('Password'), TEXTS.validation.fillAllFields);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.screenshot(shot('login-errors-390'));
  // Typing into a field clears its mark; the other keeps it.
  await page.getByLabel('Email').fill('someone@example.com');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expectInlineError(page, page.getByLabel('Password'), TEXTS.validation.fillAllFields);

  // Signup, both tabs.
  await page.goto('/signup');
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await signUp.click();
  await signUp.click();
  await page.waitForTimeout(300);
  await expect(toast(page, TEXTS.validation.fillAllFields)).toHaveCount(1);
  await expectInlineError(page, page.getByLabel('Full Name'), TEXTS.validation.fillAllFields);
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await signUp.click();
  await expectInlineError(page, page.getByLabel('Email'), TEXTS.validation.invalidEmailAddress);
  await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
  // A length limit points at the field it names.
  await page.getByLabel('Email').fill('asha@example.com');
  await page.getByLabel('Full Name').fill('A'.repeat(LIMITS.nameMaxChars + 1));
  await signUp.click();
  await expectInlineError(page, page.getByLabel('Full Name'), LENGTH_TEXTS.name);
  await page.getByRole('tab', { name: 'Government' }).click();
  await signUp.click();
  await signUp.click();
  await page.waitForTimeout(300);
  await expect(toast(page, TEXTS.validation.fillRequiredFields)).toHaveCount(1);
  await expectInlineError(page, page.getByLabel('Official Email'), TEXTS.validation.fillRequiredFields);
  await expectInlineError(page, page.getByLabel('Proof Document'), TEXTS.validation.fillRequiredFields);
  await page.screenshot(shot('signup-government-errors-390'));

  // Create Civic Issue.
  await loginAs(citizen, '/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  const submit = page.getByRole('button', { name: POST_UI.submit });
  await submit.click();
  await submit.click();
  await page.waitForTimeout(300);
  await expect(toast(page, TEXTS.validation.captionRequired)).toHaveCount(1);
  const caption = page.getByLabel(POST_UI.caption);
  await expectInlineError(page, caption, TEXTS.validation.captionRequired);
  await expect(caption).toBeFocused();
  await page.screenshot(shot('create-issue-errors-390'));
  await caption.fill('Overflowing drain outside the school');
  await expect(caption).not.toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(toast(page, TEXTS.validation.imageRequired)).toBeVisible();
  await expect(page.getByTestId('field-error')).toHaveText(TEXTS.validation.imageRequired);
  await expect(page.getByRole('button', { name: POST_UI.addPhotos })).toBeFocused();
});

test('every screen names its browser tab', async ({ page, request, citizen, department, loginAs }) => {
  test.setTimeout(budget(60_000));
  await stubTiles(page);
  for (const [url, screen] of [
    ['/', undefined],
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/about', 'About Us'],
    ['/services', 'Services'],
    ['/contact', 'Contact Us'],
    ['/help', 'Help Center'],
    ['/policy', 'Privacy Policy'],
    ['/no-such-page', 'Page Not Found'],
  ] as const) {
    await page.goto(url);
    await expect(page).toHaveTitle(pageTitle(screen));
  }

  const token = await loginAs(citizen, '/user/dashboard');
  await expect(page).toHaveTitle('Citizen Dashboard · CivicPulse');
  const postId = await createPostViaApi(request, token, { caption: `Broken footpath slab ${randomBytes(3).toString('hex')}` });
  for (const [url, title] of [
    ['/', 'Community Posts · CivicPulse'],
    ['/user/dashboard/createPost', 'Create Civic Issue · CivicPulse'],
    ['/user/dashboard/userPosts', 'My Issues · CivicPulse'],
    ['/user/dashboard/upvotedIssues', 'Upvoted Issues · CivicPulse'],
    ['/user/dashboard/downvotedIssues', 'Downvoted Issues · CivicPulse'],
    [`/post/${postId}`, 'Post · CivicPulse'],
  ] as const) {
    await page.goto(url);
    await expect(page).toHaveTitle(title);
  }

  await loginAs(department, '/government/dashboard');
  await expect(page).toHaveTitle('Government Dashboard · CivicPulse');
  for (const [url, title] of [
    ['/government/dashboard/viewPosts', 'View Issues · CivicPulse'],
    ['/government/dashboard/viewProgress', 'View Progress · CivicPulse'],
    ['/government/dashboard/resolvedIssues', 'Resolved Issues · CivicPulse'],
  ] as const) {
    await page.goto(url);
    await expect(page).toHaveTitle(title);
  }

  await loginAs(adminAccount(), '/admin/dashboard');
  await expect(page).toHaveTitle('Admin Panel · CivicPulse');
  await page.goto('/admin/dashboard/managePosts');
  await expect(page).toHaveTitle('Manage Posts · CivicPulse');
});

test('a new report reads as Open until a department takes it over; the API keeps Unseen', async ({ page, request, citizen }) => {
  await stubTiles(page);
  const token = await loginToken(request, citizen);
  const caption = `Garbage not collected for a week ${randomBytes(3).toString('hex')}`;
  const postId = await createPostViaApi(request, token, { caption });
  const wire = (await (await request.get(`/api/posts/post/${postId}`, { headers: auth(token) })).json()) as {
    post: { progressState: string; currentState: string };
  };
  expect(wire.post).toMatchObject({ progressState: 'Unseen', currentState: 'In Progress' });

  await signIn(page, token, `/post/${postId}`);
  const card = page.getByRole('article', { name: caption });
  await expect(card).toContainText(`${POST_UI.status}:${PROGRESS_UNSEEN_LABEL}`);
  // Its progress reads "Open" too: said once, as its status (progressBesideStatus).
  await expect(card).not.toContainText(`${POST_UI.progress}:`);
  await expect(card.getByText('Unseen')).toHaveCount(0);

  const department = await signupGovernment(request);
  const govToken = await loginToken(request, department);
  await verify(request, govToken);
  const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: auth(govToken) });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  await expect(card).toContainText(`${POST_UI.status}:In Progress`);
  await expect(card).toContainText(`${POST_UI.progress}:Problem Seen`);
  await expect(card).not.toContainText(`:${PROGRESS_UNSEEN_LABEL}`);
});

test('a department still pending verification is marked where it comments, until an admin verifies it', async ({ page, request, citizen }) => {
  await stubTiles(page);
  const token = await loginToken(request, citizen);
  const caption = `Streetlight flickering all night ${randomBytes(3).toString('hex')}`;
  const postId = await createPostViaApi(request, token, { caption });
  const department = await signupGovernment(request, { name: 'Municipal Electricity Cell' });
  const govToken = await loginToken(request, department);
  const said = await request.post('/api/posts/addComment', {
    headers: auth(govToken),
    data: { postId, content: 'Our crew will replace the fitting this week.' },
  });
  expect(said.status(), await said.text()).toBe(201);
  const mine = await request.post('/api/posts/addComment', { headers: auth(token), data: { postId, content: 'Thank you!' } });
  expect(mine.status(), await mine.text()).toBe(201);

  await signIn(page, token, `/post/${postId}`);
  const card = page.getByRole('article', { name: caption });
  const official = card.getByTestId('comment').filter({ hasText: 'Our crew will replace' });
  await expect(official.getByTestId('pending-mark')).toHaveText(POST_UI.pendingVerification);
  await expect(official.getByText('Municipal Electricity Cell')).toBeVisible();
  await expect(card.getByTestId('comment').filter({ hasText: 'Thank you!' }).getByTestId('pending-mark')).toHaveCount(0);
  await page.screenshot(shot('post-page-pending-department-1280'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot(shot('post-page-pending-department-390'));

  await verify(request, govToken);
  await page.reload();
  await expect(official).toBeVisible();
  await expect(official.getByTestId('pending-mark')).toHaveCount(0);
});
