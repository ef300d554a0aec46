/**
 * Issue 9 in a real browser: a client written to the spec and hosted on another origin, and the login
 * tabs telling an account which tab is its own.
 */
import { createServer } from 'node:http';
import { TEXTS } from '@civicpulse/shared';
import { createPostViaApi, expect, loginToken, signupUser, test, toast } from '../support/fixtures';

test.describe('a spec client on another allowed origin', () => {
  test.skip(!process.env.E2E_CORS_ORIGIN, 'needs the server started by global setup with CORS_ORIGINS');

  test('votes, edits and deletes cross-origin: the browser preflight passes for PUT and DELETE', async ({ page, request, baseURL }) => {
    const origin = process.env.E2E_CORS_ORIGIN!;
    const reporter = await signupUser(request);
    const voter = await signupUser(request);
    const reporterToken = await loginToken(request, reporter);
    const voterToken = await loginToken(request, voter);
    const postId = await createPostViaApi(request, reporterToken, { caption: 'Cross-origin report' });

    // A blank page served from the other origin (no CSP of ours), as a separately hosted client would be.
    const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Spec client</title>'));
    await new Promise<void>((resolve) => host.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
    try {
      await page.goto(`${origin}/spec-client`);
      // Every call carries Authorization, and PUT/DELETE with JSON: none is "simple", so each needs the
      // browser's preflight to pass before it is sent at all.
      const results = await page.evaluate(
        async ({ api, postId, voterToken, reporterToken }) => {
          const call = async (method: string, path: string, token: string, body?: object) => {
            const res = await fetch(`${api}${path}`, {
              method,
              headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            });
            return { status: res.status, body: (await res.json()) as Record<string, unknown> };
          };
          const feed = await call('GET', '/api/user/allPosts', reporterToken);
          const vote = await call('PUT', '/api/posts/votePost', voterToken, { postId, type: 'upvote' });
          const edit = await call('PUT', `/api/user/editPosts/${postId}`, reporterToken, { caption: 'Edited from elsewhere' });
          const del = await call('DELETE', `/api/user/deletePosts/${postId}`, reporterToken);
          return { feed, vote, edit, del };
        },
        { api: baseURL!, postId, voterToken, reporterToken },
      );
      // The spec's client builds My Issues from this answer, so the reporter's own post is in it.
      expect((results.feed.body.posts as Array<{ _id: string }>).map((p) => p._id)).toContain(postId);
      expect(results.vote).toMatchObject({ status: 200, body: { upvotes: 1, userVote: 'upvote' } });
      expect(results.edit).toMatchObject({ status: 200, body: { message: 'Post updated' } });
      expect(results.del).toMatchObject({ status: 200, body: { message: 'Post deleted' } });
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

test.describe('the right password on the wrong login tab', () => {
  test('a citizen on the Government tab is told it is not a government account', async ({ page, citizen }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Government' }).click();
    await page.getByLabel('Official Email').fill(citizen.email);
    await page.getByLabel('Password').fill(citizen.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.notGovernment)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a department on the User tab is sent to the Government tab', async ({ page, department }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(department.email);
    await page.getByLabel('Password').fill(department.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.useGovernmentTab)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
