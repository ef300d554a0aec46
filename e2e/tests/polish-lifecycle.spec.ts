/**
 * First-use polish of a report's lifecycle: a department's rapid moves reach the reporter's bell as one
 * item that is updated (latest move, how many); a resolved report shows its reporter no Edit or Delete
 * (comments still work); after the reporter deletes their account, the resolved report stays public
 * with the department's timeline and "A resident" as its author.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ANONYMOUS_NAME, GOV_UI, MY_POSTS_UI, NOTIFICATION_TEXTS, POST_TEXTS, RESOLVED_POST_TEXTS, POST_UI } from '@civicpulse/shared';
import {
  budget,
  createPostViaApi,
  expect,
  liveConnected,
  loginToken,
  SCREENSHOTS,
  shootBoth,
  signIn,
  signupUser,
  test,
  toast,
  verifiedDepartmentToken,
} from '../support/fixtures';
import { roadPhotoPng } from '../support/images';

mkdirSync(SCREENSHOTS, { recursive: true });

const MY_ISSUES = '/user/dashboard/userPosts';
const tag = () => randomBytes(3).toString('hex');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['put']>>, status = 200): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
}

/** Unseen → … → Work Near Completion (four moves), then the final proof → Waiting for User Verification. */
async function toWaiting(request: APIRequestContext, department: string, postId: string): Promise<void> {
  for (let i = 0; i < 4; i++) await ok(await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(department) }));
  await ok(
    await request.put(`/api/gov/updateFinalWork/${postId}`, {
      headers: bearer(department),
      multipart: { finalCaption: 'Relaid the slabs and sealed the joints', images: { name: 'done.png', mimeType: 'image/png', buffer: roadPhotoPng(400, 300) } },
    }),
  );
}

async function resolve(request: APIRequestContext, department: string, reporter: string, postId: string): Promise<void> {
  await toWaiting(request, department, postId);
  await ok(await request.put(`/api/user/verifyPost/${postId}`, { headers: bearer(reporter) }));
}

function bell(page: Page, unread = 0) {
  return page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
}

function card(page: Page, caption: string) {
  return page.getByTestId('post-card').filter({ has: page.getByRole('heading', { name: caption, exact: true }) });
}

test("a department's rapid moves on one report are one bell item, updated live", async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const t = tag();
  const reporter = await loginToken(request, await signupUser(request, { name: `Asha ${t}` }));
  const caption = `Broken footpath slabs near the market ${t}`;
  const postId = await createPostViaApi(request, reporter, { caption });
  const department = await verifiedDepartmentToken(request, { name: `Footpaths Ward ${t}` });

  await signIn(page, reporter, '/');
  await expect(bell(page)).toBeVisible();
  await liveConnected(page);

  // Taken over, three moves and the final proof: five moves, one item.
  await toWaiting(request, department, postId);
  await expect(bell(page, 1)).toBeVisible();
  await bell(page, 1).click();
  const panel = page.getByRole('region', { name: NOTIFICATION_TEXTS.heading });
  const items = panel.getByTestId('notification');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Please confirm the fix');
  await expect(items.first()).toContainText(caption);
  await expect(items.first().getByTestId('notification-updates')).toHaveText(NOTIFICATION_TEXTS.updates(5));
  await expect(items.first()).toHaveAttribute('data-read', 'false');
  await shootBoth(page, 'polish-bell-grouped', panel);

  // The same after a reload (stored as one item, not only merged on screen).
  await page.reload();
  await bell(page, 1).click();
  await expect(page.getByRole('region', { name: NOTIFICATION_TEXTS.heading }).getByTestId('notification')).toHaveCount(1);
});

test('a resolved report shows its reporter no Edit or Delete, and comments still work', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const t = tag();
  const reporter = await loginToken(request, await signupUser(request, { name: `Meena ${t}` }));
  const resolved = `Streetlight fixed on Temple Street ${t}`;
  const open = `Open pothole on Temple Street ${t}`;
  const resolvedId = await createPostViaApi(request, reporter, { caption: resolved });
  await createPostViaApi(request, reporter, { caption: open });
  const department = await verifiedDepartmentToken(request, { name: `Lights Ward ${t}` });
  await resolve(request, department, reporter, resolvedId);

  await signIn(page, reporter, MY_ISSUES);
  await expect(page.getByRole('heading', { name: MY_POSTS_UI.heading, level: 1 })).toBeVisible();
  const done = card(page, resolved);
  await expect(done.getByText(MY_POSTS_UI.resolvedNote)).toBeVisible();
  await expect(done.getByTestId('resolved-locked')).toHaveText(MY_POSTS_UI.resolvedLocked);
  await expect(done.getByRole('button', { name: MY_POSTS_UI.editLabel(resolved) })).toHaveCount(0);
  await expect(done.getByRole('button', { name: MY_POSTS_UI.deleteLabel(resolved) })).toHaveCount(0);
  // An open report keeps both.
  await expect(card(page, open).getByRole('button', { name: MY_POSTS_UI.editLabel(open) })).toBeVisible();
  await expect(card(page, open).getByRole('button', { name: MY_POSTS_UI.deleteLabel(open) })).toBeVisible();

  // A comment on the resolved report still goes through.
  const note = `Working every night since, thank you ${t}`;
  const viewComments = done.getByRole('button', { name: POST_UI.viewComments });
  if (await viewComments.isVisible()) await viewComments.click();
  await done.getByPlaceholder(POST_UI.writeComment).fill(note);
  await done.getByRole('button', { name: POST_UI.comment, exact: true }).click();
  await expect(toast(page, POST_TEXTS.commentAdded)).toBeVisible();
  await expect(done.getByTestId('comment').filter({ hasText: note })).toBeVisible();
  await shootBoth(page, 'polish-resolved-no-edit', done);

  // The server refuses an edit or a deletion all the same, with the words the screens use.
  const edit = await request.put(`/api/user/editPosts/${resolvedId}`, { headers: bearer(reporter), data: { caption: 'Changed' } });
  expect(edit.status()).toBe(409);
  expect(await edit.json()).toEqual({ message: POST_TEXTS.finishedNoEdit });
  const del = await request.delete(`/api/user/deletePosts/${resolvedId}`, { headers: bearer(reporter) });
  expect(del.status()).toBe(409);
  expect(await del.json()).toEqual({ message: RESOLVED_POST_TEXTS.noDelete });
});

test("after the reporter deletes their account, the resolved report keeps the department's timeline with an anonymous author", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(90_000));
  const t = tag();
  const leaving = await signupUser(request, { name: `Leaving Reporter ${t}` });
  const reporter = await loginToken(request, leaving);
  const neighbour = await loginToken(request, await signupUser(request, { name: `Neighbour ${t}` }));
  const resolved = `Drain cover replaced outside the school ${t}`;
  const open = `Garbage pile behind the school ${t}`;
  const resolvedId = await createPostViaApi(request, reporter, { caption: resolved });
  const openId = await createPostViaApi(request, reporter, { caption: open });
  const deptName = `Drains Ward ${t}`;
  const department = await verifiedDepartmentToken(request, { name: deptName });
  await resolve(request, department, reporter, resolvedId);

  const gone = await request.delete('/api/account', { headers: bearer(reporter), data: { password: leaving.password } });
  expect(gone.status(), await gone.text()).toBe(200);
  expect((await request.get(`/api/posts/post/${openId}`, { headers: bearer(neighbour) })).status()).toBe(404);

  await signIn(page, neighbour, `/post/${resolvedId}`);
  const post = page.locator(`[data-post-id="${resolvedId}"]`);
  await expect(post.getByRole('heading', { name: resolved })).toBeVisible();
  await expect(post.getByText(ANONYMOUS_NAME).first()).toBeVisible();
  await expect(page.getByText(`Leaving Reporter ${t}`)).toHaveCount(0);
  const timeline = page.getByTestId('progress-timeline');
  await expect(timeline).toBeVisible();
  await expect(timeline).toContainText(GOV_UI.reported(ANONYMOUS_NAME));
  await expect(timeline).toContainText(GOV_UI.tookOver(deptName));
  await expect(timeline).toContainText(GOV_UI.reporterConfirmed);
  await expect(timeline.getByTestId('timeline-entry')).toHaveCount(6);
  await shootBoth(page, 'polish-deleted-author', timeline);
});
