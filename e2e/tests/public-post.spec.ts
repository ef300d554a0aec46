/**
 * Public reports: a visitor without an account opens a shared /post/{id} and reads the report, its
 * status and its timeline (the department by name), with no person in it: no reporter's name, no
 * comment text; the pin approximate while open. At 1280 and 390 px, checked by axe.
 */
import { randomBytes } from 'node:crypto';
import { GOV_UI, PUBLIC_POST_UI, POST_UI } from '@civicpulse/shared';
import { seriousViolations } from '../support/axe';
import { budget, createPostViaApi, DEFAULT_REPORT_LOCATION, expect, loginToken, noSidewaysScroll, shoot, signupUser, test, verifiedDepartmentToken } from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

test('a visitor reads a shared report without an account, and sees no one in it', async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
  const tag = randomBytes(3).toString('hex');
  const author = await signupUser(request, { name: `Meera Reporter ${tag}` });
  const neighbour = await signupUser(request, { name: `Kiran Neighbour ${tag}` });
  const caption = `Open manhole on the school road ${tag}`;
  const postId = await createPostViaApi(request, await loginToken(request, author), { caption, priority: 'High' });
  const neighbourToken = await loginToken(request, neighbour);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  expect((await request.put('/api/posts/votePost', { headers: auth(neighbourToken), data: { postId, type: 'upvote' } })).status()).toBe(200);
  expect((await request.post('/api/posts/addComment', { headers: auth(neighbourToken), data: { postId, content: `Call me on 98450 12345 ${tag}` } })).status()).toBe(201);
  const department = `Ward 12 Roads ${tag}`;
  const deptToken = await verifiedDepartmentToken(request, { name: department });
  expect((await request.put(`/api/gov/progressState/${postId}`, { headers: auth(deptToken) })).status()).toBe(200);

  await page.goto(`/post/${postId}`);
  const report = page.getByRole('article', { name: caption });
  await expect(report).toBeVisible();
  await expect(report.getByTestId('post-reference')).toHaveText(/^Ref\. CP-MH-\d{4}-\d{6}$/);
  await expect(report.getByText(PUBLIC_POST_UI.reportedByResident)).toBeVisible();
  await expect(report.getByTestId('public-counts')).toHaveText(`${PUBLIC_POST_UI.upvotes(1)} · ${PUBLIC_POST_UI.downvotes(0)} · ${PUBLIC_POST_UI.comments(1)}`);
  await expect(report.getByText(PUBLIC_POST_UI.approximatePin)).toBeVisible();
  // Open: no street address or landmark (the report was filed at 14 FC Road, opposite the City Library).
  await expect(report).toContainText('Maharashtra - 411005');
  for (const exact of [DEFAULT_REPORT_LOCATION.address, DEFAULT_REPORT_LOCATION.landmark]) await expect(report.getByText(exact)).toHaveCount(0);
  const timeline = report.getByRole('region', { name: GOV_UI.timelineHeading });
  await expect(timeline.getByTestId('timeline-entry')).toHaveCount(1);
  await expect(timeline).toContainText(department);
  // No person: not the reporter, not the neighbour, not what the neighbour wrote; no vote or comment controls.
  for (const hidden of [`Meera Reporter ${tag}`, `Kiran Neighbour ${tag}`, '98450 12345']) await expect(page.getByText(hidden)).toHaveCount(0);
  await expect(page.getByRole('button', { name: POST_UI.upvote })).toHaveCount(0);
  await expect(page.getByRole('link', { name: PUBLIC_POST_UI.signInToTakePart })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'public-post-1280.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'public-post-390.png');
});
