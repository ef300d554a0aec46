/**
 * Answers bounded in bytes (issue 25 item 3), as a reader sees them: a card carries a long caption
 * shortened with "Read more" to the post page, where it is whole; the post page shows the first page of
 * comments and the first replies of each, and loads the rest on "Show more comments" and
 * "Show N more replies" (the comments and replies routes). At 1280 and 390 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { LIMITS, POST_UI } from '@civicpulse/shared';
import { createPostViaApi, expect, loginToken, shoot, signIn, signupUser, test } from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

const COMMENTS = LIMITS.commentsPerPage + 3;
const REPLIES = LIMITS.repliesPerCard + 2;

async function say(request: APIRequestContext, token: string, path: string, data: Record<string, string>): Promise<string> {
  const res = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { comment?: { _id: string }; reply?: { _id: string } };
  return body.comment?._id ?? body.reply?._id ?? '';
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a long caption reads whole on the post page; further comments and replies load there (${size.width} px)`, async ({ page, request, citizen }) => {
    await page.setViewportSize(size);
    await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
    const reader = await loginToken(request, citizen);
    const neighbour = await loginToken(request, await signupUser(request));
    const tag = `Pothole ${size.width}-${Date.now().toString(36)}`;
    const caption = `${tag} outside the bus stand. ${'Two-wheelers swerve into the bus lane to avoid it every morning. '.repeat(8)}The end of the report.`;
    const postId = await createPostViaApi(request, neighbour, { caption });
    const first = await say(request, neighbour, '/api/posts/addComment', { postId, content: 'The first comment, with replies under it.' });
    for (let i = 1; i <= REPLIES; i++) await say(request, reader, '/api/posts/addReply', { postId, commentId: first, content: `Reply number ${i}` });
    for (let i = 2; i <= COMMENTS; i++) await say(request, i % 2 ? reader : neighbour, '/api/posts/addComment', { postId, content: `Comment number ${i}` });

    // The feed's card: the caption shortened, and "Read more" to the whole of it.
    await signIn(page, reader, '/');
    const heading = page.getByRole('heading', { name: new RegExp(tag) });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveText(/…$/);
    await expect(heading).not.toContainText('The end of the report.');
    const card = page.locator('article', { has: heading });
    await card.getByRole('link', { name: POST_UI.readMore }).first().click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(page.getByText('The end of the report.')).toBeVisible();

    // The post page: the first page of comments, the first replies of the first comment.
    const comments = page.getByTestId('comment');
    await expect(comments).toHaveCount(LIMITS.commentsPerPage);
    const thread = comments.first();
    await expect(thread.getByTestId('reply')).toHaveCount(LIMITS.repliesPerCard);
    await shoot(page, `post-long-thread-${size.width}.png`);

    await page.getByRole('button', { name: POST_UI.showMoreComments }).click();
    await expect(comments).toHaveCount(COMMENTS);
    await expect(page.getByText(`Comment number ${COMMENTS}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: POST_UI.showMoreComments })).toHaveCount(0);

    await thread.getByRole('button', { name: POST_UI.showMoreReplies(REPLIES - LIMITS.repliesPerCard) }).click();
    await expect(thread.getByTestId('reply')).toHaveCount(REPLIES);
    await expect(thread.getByText(`Reply number ${REPLIES}`, { exact: true })).toBeVisible();
    await expect(thread.getByTestId('more-replies')).toHaveCount(0);
    await shoot(page, `post-long-thread-expanded-${size.width}.png`);
  });
}
