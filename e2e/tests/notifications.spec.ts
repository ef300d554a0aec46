/**
 * Issue 13 in the browser: the bell's real notifications and live post updates. The reporter watches
 * the bell count rise when a verified department moves their report (no reload), opens the post from
 * the bell and sees the count fall, then marks everything read; a fresh account reads 'No notifications
 * yet.'; a citizen on a post page and on the feed sees votes, comments and progress change as others
 * act. The open panel at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { NOTIFICATION_TEXTS, POST_UI, progressLabel } from '@civicpulse/shared';
import {
  budget,
  createPostViaApi,
  expect,
  liveConnected,
  loginToken,
  noSidewaysScroll,
  SCREENSHOTS,
  shoot,
  signIn,
  signupUser,
  test,
  toast,
  verifiedDepartmentToken,
} from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

const tag = () => randomBytes(3).toString('hex');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['put']>>, status = 200): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
}

async function advance(request: APIRequestContext, token: string, postId: string): Promise<void> {
  await ok(await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(token) }));
}

/** Marks the document, so a later check can tell that nothing reloaded the page in between. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.__sameDocument === true)).toBe(true);
}

/** The bell by what it says: 'Notifications' with nothing unread, 'Notifications, N unread' otherwise. */
function bell(page: Page, unread = 0): Locator {
  return page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
}

function panel(page: Page): Locator {
  return page.getByRole('region', { name: NOTIFICATION_TEXTS.heading });
}

function card(page: Page, postId: string): Locator {
  return page.locator(`[data-post-id="${postId}"]`);
}

function statusOf(page: Page, postId: string): Locator {
  return card(page, postId).locator('dt', { hasText: POST_UI.status }).locator('xpath=following-sibling::dd[1]');
}

/** The card's progress as read: its Progress row, or its Status row when the card says the word once (an untouched report). */
function progressOf(page: Page, postId: string): Locator {
  const p = `starts-with(normalize-space(), '${POST_UI.progress}')`;
  const s = `starts-with(normalize-space(), '${POST_UI.status}')`;
  return card(page, postId).locator(`xpath=(.//dt[${p}] | .//dt[${s}][not(ancestor::dl[1]//dt[${p}])])/following-sibling::dd[1]`);
}

test("the reporter's bell counts a department's moves live, opens the post and counts down", async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const t = tag();
  const reporter = await signupUser(request, { name: `Asha ${t}` });
  const reporterToken = await loginToken(request, reporter);
  const caption = `Streetlight out on MG Road ${t}`;
  const postId = await createPostViaApi(request, reporterToken, { caption });
  const department = await verifiedDepartmentToken(request, { name: `Electrical Ward ${t}` });

  await signIn(page, reporterToken, '/');
  await expect(bell(page)).toBeVisible();
  await liveConnected(page);
  await markDocument(page);

  // The department takes the report over: the reporter's bell counts it at once.
  await advance(request, department, postId);
  await expect(bell(page, 1)).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  await bell(page, 1).click();
  const item = panel(page).getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Report taken over');
  await expect(item).toContainText(`Electrical Ward ${t} took over your report "${caption}"`);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(panel(page).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeEnabled();
  await shoot(page, 'notifications-open-1280.png');
  await expectSameDocument(page);

  // Opening it goes to the post and reads it.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(panel(page)).toHaveCount(0);
  await expect(bell(page)).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Problem Seen'));

  // Two more moves while the reporter reads the post: the same bell item takes them (one report's rapid
  // moves are grouped), unread again with the latest move; then 'Mark all as read'.
  await advance(request, department, postId);
  await advance(request, department, postId);
  await expect(bell(page, 1)).toBeVisible();
  await bell(page, 1).click();
  await expect(panel(page).getByTestId('notification')).toHaveCount(1);
  await expect(panel(page).getByTestId('notification').first()).toContainText('Progress update');
  await expect(panel(page).getByTestId('notification').first()).toContainText(`to ${progressLabel('Work Started')}`);
  await expect(panel(page).getByTestId('notification-updates')).toHaveText(NOTIFICATION_TEXTS.updates(3));
  await expect(panel(page).locator('[data-read="false"]')).toHaveCount(1);
  await panel(page).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }).click();
  await expect(toast(page, NOTIFICATION_TEXTS.marked)).toBeVisible();
  await expect(bell(page)).toBeVisible();
  await expect(panel(page).locator('[data-read="false"]')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeDisabled();

  // Stored: after a reload the list and its read state are the same.
  await page.reload();
  await bell(page).click();
  await expect(panel(page).getByTestId('notification')).toHaveCount(1);
  await expect(panel(page).locator('[data-read="false"]')).toHaveCount(0);
  // Escape closes the panel and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
});

test('after the connection drops, the bell and the open post catch up on what happened meanwhile', async ({ page, context, request }) => {
  const t = tag();
  const reporterToken = await loginToken(request, await signupUser(request, { name: `Asha ${t}` }));
  const postId = await createPostViaApi(request, reporterToken, { caption: `Open manhole on Station Road ${t}` });
  const department = await verifiedDepartmentToken(request, { name: `Sewerage Board ${t}` });
  await signIn(page, reporterToken, `/post/${postId}`);
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Unseen'));
  await liveConnected(page);
  await markDocument(page);

  await context.setOffline(true);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'reconnecting');
  await advance(request, department, postId);
  await expect(bell(page)).toBeVisible();

  await context.setOffline(false);
  // socket.io retries within the spec's 5 s at most; then what was missed is fetched.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
  await expect(bell(page, 1)).toBeVisible();
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Problem Seen'));
  await expectSameDocument(page);
});

test("a fresh account's bell: 'No notifications yet.' and nothing to mark", async ({ page, request }) => {
  const citizen = await signupUser(request);
  await signIn(page, await loginToken(request, citizen), '/user/dashboard');
  await bell(page).click();
  await expect(panel(page).getByText(NOTIFICATION_TEXTS.empty, { exact: true })).toBeVisible();
  await expect(panel(page).getByTestId('notification')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeDisabled();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open panel fits the phone and lists each kind with its text', async ({ page, request }) => {
    test.setTimeout(budget(60_000));
    const t = tag();
    const reporterToken = await loginToken(request, await signupUser(request, { name: `Asha ${t}` }));
    const neighbourToken = await loginToken(request, await signupUser(request, { name: `Ravi ${t}` }));
    const postId = await createPostViaApi(request, reporterToken, { caption: `Overflowing drain near the school gate ${t}` });
    const department = await verifiedDepartmentToken(request, { name: `Storm Water Drains ${t}` });
    await ok(
      await request.post('/api/posts/addComment', {
        headers: bearer(neighbourToken),
        data: { postId, content: 'The smell reaches the classrooms.' },
      }),
      201,
    );
    await advance(request, department, postId);
    await advance(request, department, postId);

    await signIn(page, reporterToken, '/user/dashboard');
    // The take-over and the move are one grouped item; the comment is its own.
    await expect(bell(page, 2)).toBeVisible();
    await bell(page, 2).click();
    const items = panel(page).getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Progress update');
    await expect(items.nth(0).getByTestId('notification-updates')).toHaveText(NOTIFICATION_TEXTS.updates(2));
    await expect(items.nth(1)).toContainText('New comment');
    await expect(items.nth(1)).toContainText(`Ravi ${t} commented on your report`);
    const box = await panel(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await noSidewaysScroll(page);
    await shoot(page, 'notifications-open-390.png');
  });
});

/** A reporter's post, a neighbour and a viewer (citizens), and a verified department to move it. */
async function neighbourhood(request: APIRequestContext, caption: (t: string) => string, departmentName: (t: string) => string) {
  const t = tag();
  const reporterToken = await loginToken(request, await signupUser(request, { name: `Asha ${t}` }));
  const neighbourToken = await loginToken(request, await signupUser(request, { name: `Ravi ${t}` }));
  const viewerToken = await loginToken(request, await signupUser(request, { name: `Meera ${t}` }));
  const postId = await createPostViaApi(request, reporterToken, { caption: caption(t) });
  const department = await verifiedDepartmentToken(request, { name: departmentName(t) });
  return { t, neighbourToken, viewerToken, postId, department, caption: caption(t) };
}

test('a citizen sees votes, comments and progress on a post page and on the feed change without reloading', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const { t, neighbourToken, viewerToken, postId, department } = await neighbourhood(
    request,
    (t) => `Fallen tree blocking the lane ${t}`,
    (t) => `Garden Department ${t}`,
  );

  await signIn(page, viewerToken, `/post/${postId}`);
  const post = card(page, postId);
  await expect(post.getByTestId('upvote-count')).toHaveText('0');
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Unseen'));
  await liveConnected(page);
  await expect(post).toHaveAttribute('data-live', 'watching');
  await markDocument(page);

  await ok(await request.put('/api/posts/votePost', { headers: bearer(neighbourToken), data: { postId, type: 'upvote' } }));
  await expect(post.getByTestId('upvote-count')).toHaveText('1');

  await advance(request, department, postId);
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Problem Seen'));
  await expect(statusOf(page, postId)).toHaveText('In Progress');

  await ok(
    await request.post('/api/posts/addComment', { headers: bearer(neighbourToken), data: { postId, content: `Still blocked this morning ${t}` } }),
    201,
  );
  await expect(post.getByTestId('comment').filter({ hasText: `Still blocked this morning ${t}` })).toBeVisible();
  await expectSameDocument(page);

  // The same post on the feed follows too.
  await page.getByRole('link', { name: POST_UI.backToFeed }).click();
  const onFeed = card(page, postId);
  await expect(onFeed).toHaveAttribute('data-live', 'watching');
  await expect(onFeed.getByTestId('upvote-count')).toHaveText('1');
  // The neighbour changes their mind: the upvote becomes a downvote.
  await ok(await request.put('/api/posts/votePost', { headers: bearer(neighbourToken), data: { postId, type: 'downvote' } }));
  await expect(onFeed.getByTestId('upvote-count')).toHaveText('0');
  await expect(onFeed.getByTestId('downvote-count')).toHaveText('1');
  await advance(request, department, postId);
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Verified'));
  await expectSameDocument(page);
});

test('a vote that comes live while the feed reloads stays on the card when the reload answers', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const { neighbourToken, viewerToken, postId, department, caption } = await neighbourhood(
    request,
    (t) => `Broken streetlight near the school ${t}`,
    (t) => `Electric Department ${t}`,
  );
  await ok(await request.put('/api/posts/votePost', { headers: bearer(neighbourToken), data: { postId, type: 'upvote' } }));

  // The feed first, so that coming back to it shows the cached cards while it reloads.
  await signIn(page, viewerToken, '/');
  await liveConnected(page);
  await card(page, postId).getByRole('link', { name: caption }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  const post = card(page, postId);
  await expect(post).toHaveAttribute('data-live', 'watching');
  // A move makes the cached feed stale: going back to it reloads it, and that reload is held here.
  await advance(request, department, postId);
  await expect(progressOf(page, postId)).toHaveText(progressLabel('Problem Seen'));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const read = new Promise<void>((resolve) =>
    void page.route('**/api/user/allPosts?**', async (route) => {
      // The reload reads the feed now, before the vote below, and answers only when let go.
      const response = await route.fetch();
      const body = (await response.json()) as { posts: Array<{ _id: string; caption: string }> };
      for (const p of body.posts) if (p._id === postId) p.caption = `${caption} (reloaded)`;
      resolve();
      await released;
      await route.fulfill({ response, json: body });
    }),
  );
  await page.getByRole('link', { name: POST_UI.backToFeed }).click();
  const onFeed = card(page, postId);
  await expect(onFeed).toHaveAttribute('data-live', 'watching');
  await read;
  await expect(onFeed.getByTestId('upvote-count')).toHaveText('1');

  // The neighbour changes their mind while the reload is under way: the card follows live.
  await ok(await request.put('/api/posts/votePost', { headers: bearer(neighbourToken), data: { postId, type: 'downvote' } }));
  await expect(onFeed.getByTestId('upvote-count')).toHaveText('0');
  await expect(onFeed.getByTestId('downvote-count')).toHaveText('1');
  // The reload, read before the vote, lands: the card shows what it brought, and keeps the vote.
  release();
  await expect(onFeed.getByText(`${caption} (reloaded)`)).toBeVisible();
  await expect(onFeed.getByTestId('upvote-count')).toHaveText('0');
  await expect(onFeed.getByTestId('downvote-count')).toHaveText('1');
});
