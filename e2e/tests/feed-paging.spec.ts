import { POST_UI } from '@civicpulse/shared';
import { EMPTY_TILE_PNG } from '../support/images';
import { budget, createPostViaApi, expect, loginToken, signIn, signupUser, test } from '../support/fixtures';

test('the feed loads further pages of 20 as the reader scrolls, without repeats', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: EMPTY_TILE_PNG }));
  const author = await signupUser(request);
  const authorToken = await loginToken(request, author);
  const marker = `paging-${Date.now().toString(36)}`;
  for (let i = 0; i < 23; i++) {
    await createPostViaApi(request, authorToken, { caption: `Broken footpath slab ${marker} #${String(i).padStart(2, '0')}` });
  }
  const reader = await signupUser(request);
  await signIn(page, await loginToken(request, reader), '/');
  await expect(page.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();

  const cards = page.getByRole('heading', { name: new RegExp(marker) });
  // The first page holds 20 posts at most, so the oldest of the 23 is not there yet.
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: `Broken footpath slab ${marker} #00` })).toHaveCount(0);

  // Scrolling to the end brings the next page (infinite scroll; the Load more button is the fallback).
  for (let i = 0; i < 10 && (await cards.count()) < 23; i++) {
    await page.keyboard.press('End');
    await page.waitForTimeout(400);
  }
  await expect(cards).toHaveCount(23);
  const captions = await cards.allTextContents();
  expect(new Set(captions).size).toBe(23);
  // Newest first across the page boundary.
  expect(captions[0]).toContain('#22');
  expect(captions[22]).toContain('#00');
});
