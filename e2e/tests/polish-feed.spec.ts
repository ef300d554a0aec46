import { CATEGORY_UI, NAMES, POST_UI } from '@civicpulse/shared';
import { seriousViolationsSettled } from '../support/axe';
import { EMPTY_TILE_PNG } from '../support/images';
import { changeInOneTask } from '../support/oneTask';
import {
  budget,
  createPostViaApi,
  expect,
  loginToken,
  shootBoth,
  signIn,
  signupUser,
  test,
  verifiedDepartmentToken,
} from '../support/fixtures';

/**
 * The feed's first-use polish: a filter that finds nothing says so and offers to clear it; search and
 * sort in the feed header, kept in the address; a single photo never fills a phone's screen; a card
 * says "Open" (or any other word) once when its status and progress would both say it.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: EMPTY_TILE_PNG }));
});

test('a filter that finds nothing says so, and Clear filter brings the posts back', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const marker = `emptyf${Date.now().toString(36)}`;
  const author = await loginToken(request, await signupUser(request));
  await createPostViaApi(request, author, { caption: `Deep pothole on the ring road ${marker}` });
  await signIn(page, await loginToken(request, await signupUser(request)), '/');
  await expect(page.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();

  const search = page.getByRole('searchbox', { name: POST_UI.feedSearch });
  await search.fill(marker);
  await expect(page.getByRole('heading', { name: new RegExp(marker) })).toHaveCount(1);
  // The pothole is not a noise complaint: the two filters together find nothing.
  await page.getByLabel(CATEGORY_UI.filterLabel).selectOption({ label: NAMES.categories.noise.name });
  await expect(page.getByText(POST_UI.feedNoMatches)).toBeVisible();
  await expect(page.getByTestId('post-card')).toHaveCount(0);
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-feed-empty-filter');

  await page.getByRole('button', { name: POST_UI.clearFilter }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByLabel(CATEGORY_UI.filterLabel)).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&](q|category)=/);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expect(page.getByText(POST_UI.feedNoMatches)).toHaveCount(0);
});

test('words typed and a category picked in one moment both stay: each change builds on the last', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const marker = `fast${Date.now().toString(36)}`;
  const author = await loginToken(request, await signupUser(request));
  await createPostViaApi(request, author, { caption: `Loudspeaker blaring all night near the temple ${marker}` });
  await createPostViaApi(request, author, { caption: `Deep pothole on the ring road ${marker}` });
  await signIn(page, await loginToken(request, await signupUser(request)), '/');
  await expect(page.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();
  await expect(page.getByTestId('post-card').first()).toBeVisible();

  // A fast typist on a slow phone: each key, then the category, before the router has drawn the address
  // it was just given (it draws a new address in a transition, after this task).
  await changeInOneTask(page, [
    { label: POST_UI.feedSearch, type: marker },
    { label: CATEGORY_UI.filterLabel, choose: 'noise' },
  ]);

  const search = page.getByRole('searchbox', { name: POST_UI.feedSearch });
  await expect(search).toHaveValue(marker);
  await expect(page.getByLabel(CATEGORY_UI.filterLabel)).toHaveValue('noise');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  await expect(page).toHaveURL(/[?&]category=noise/);
  const cards = page.getByTestId('post-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText(new RegExp(`Loudspeaker.*${marker}`));
});

test('search narrows the feed and survives a reload; sort changes the order', async ({ page, request }) => {
  test.setTimeout(budget(120_000));
  const marker = `srch${Date.now().toString(36)}`;
  const author = await loginToken(request, await signupUser(request));
  const oldest = await createPostViaApi(request, author, { caption: `Streetlight out near the bus stop ${marker} one` });
  await createPostViaApi(request, author, { caption: `Garbage not collected for a week ${marker} two` });
  await createPostViaApi(request, author, { caption: `Water leaking from the main pipe ${marker} three` });
  await createPostViaApi(request, author, { caption: `Unrelated pothole report ${marker.split('').reverse().join('')}` });
  const reader = await loginToken(request, await signupUser(request));
  // The oldest gets an upvote, so "Most upvoted" puts it first.
  expect((await request.put('/api/posts/votePost', { headers: bearer(reader), data: { postId: oldest, type: 'upvote' } })).status()).toBe(200);
  await signIn(page, reader, '/');

  const search = page.getByRole('searchbox', { name: POST_UI.feedSearch });
  await search.fill(marker);
  const cards = page.getByTestId('post-card');
  await expect(cards).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  const captions = () => cards.getByRole('heading').allTextContents();
  expect(await captions()).toEqual([expect.stringContaining('three'), expect.stringContaining('two'), expect.stringContaining('one')]);

  await page.reload();
  await expect(search).toHaveValue(marker);
  await expect(cards).toHaveCount(3);
  await shootBoth(page, 'polish-feed-search');

  const sort = page.getByLabel(POST_UI.feedSort);
  await sort.selectOption({ label: POST_UI.feedSorts.oldest });
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expect.poll(captions).toEqual([expect.stringContaining('one'), expect.stringContaining('two'), expect.stringContaining('three')]);
  await sort.selectOption({ label: POST_UI.feedSorts.mostUpvotes });
  await expect.poll(async () => (await captions())[0]).toContain('one');
  expect((await captions())[1]).toContain('three');
  // The order is kept in the address too.
  await page.reload();
  await expect(sort).toHaveValue('mostUpvotes');
  await expect(search).toHaveValue(marker);
  await expect.poll(async () => (await captions())[0]).toContain('one');
  // Home from the header (same page, plain address): the search box empties and stays empty.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(search).toHaveValue('');
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(search).toHaveValue('');
  await sort.selectOption({ label: POST_UI.feedSorts.mostUpvotes });
  await search.fill(marker);
  await expect.poll(async () => (await captions())[0]).toContain('one');
  // Back to the default: the address loses the sort.
  await sort.selectOption({ label: POST_UI.feedSorts.newest });
  await expect(page).not.toHaveURL(/sort=/);
  await expect.poll(captions).toEqual([expect.stringContaining('three'), expect.stringContaining('two'), expect.stringContaining('one')]);
});

test('a single photo stays within two thirds of a phone screen; a card says a shared status word once', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const marker = `card${Date.now().toString(36)}`;
  const author = await loginToken(request, await signupUser(request));
  const open = await createPostViaApi(request, author, { caption: `Open drain by the school gate ${marker} open` });
  const seen = await createPostViaApi(request, author, { caption: `Fallen tree blocking the lane ${marker} seen` });
  const dept = await verifiedDepartmentToken(request);
  expect((await request.put(`/api/gov/progressState/${seen}`, { headers: bearer(dept) })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await loginToken(request, await signupUser(request)), `/?q=${marker}`);

  const openCard = page.locator(`[data-post-id="${open}"]`);
  const seenCard = page.locator(`[data-post-id="${seen}"]`);
  await expect(openCard).toBeVisible();
  const photo = openCard.getByRole('button', { name: POST_UI.openPhoto(1, 1) });
  await expect(photo).toBeVisible();
  const box = await photo.boundingBox();
  expect(box!.height).toBeGreaterThan(100);
  expect(box!.height).toBeLessThanOrEqual(0.7 * 844);
  // A phone turned sideways: the wide box would be taller than the screen's two thirds without its cap.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(async () => (await photo.boundingBox())!.height).toBeLessThanOrEqual(0.7 * 390);
  await page.setViewportSize({ width: 390, height: 844 });

  // Untouched: status and progress are both "Open", said once.
  const facts = (card: typeof openCard) => card.locator('dl').first();
  await expect(facts(openCard)).toContainText(`${POST_UI.status}:`);
  await expect(facts(openCard).getByText(`${POST_UI.progress}:`)).toHaveCount(0);
  expect((await facts(openCard).innerText()).match(new RegExp(`\\b${NAMES.currentStates.Open}\\b`, 'g'))).toHaveLength(1);
  // Taken over: "In Progress" and "Problem Seen" differ, so both are shown.
  await expect(facts(seenCard).getByText(`${POST_UI.progress}:`)).toBeVisible();
  await expect(facts(seenCard)).toContainText(NAMES.currentStates['In Progress']);
  await expect(facts(seenCard)).toContainText(NAMES.progress['Problem Seen']);
  await shootBoth(page, 'polish-feed-card', openCard);
});
