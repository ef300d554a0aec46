/**
 * Reference numbers: the reporter sees the number on the post page right after filing, prints an
 * acknowledgement that carries it (at 1280 and 390 px), and an admin finds the report by typing it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ACKNOWLEDGEMENT_UI, ADMIN_UI, POST_UI } from '@civicpulse/shared';
import type { Page } from '@playwright/test';
import { adminAccount, budget, createPostViaApi, expect, noSidewaysScroll, SCREENSHOTS, shoot, test } from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

const REFERENCE = /^CP-MH-\d{4}-\d{6}$/;

async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }),
  );
}

test('the reporter reads the reference number on the post and prints an acknowledgement; an admin finds the report by it', async ({
  page,
  request,
  citizen,
  loginAs,
}) => {
  test.setTimeout(budget(60_000));
  await stubTiles(page);
  const caption = `Overflowing drain near the market ${randomBytes(3).toString('hex')}`;
  const token = await loginAs(citizen, '/about');
  const postId = await createPostViaApi(request, token, { caption });
  const wire = (await (await request.get(`/api/posts/post/${postId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    post: { reference: string };
  };
  const reference = wire.post.reference;
  expect(reference).toMatch(REFERENCE);

  await page.goto(`/post/${postId}`);
  const card = page.getByRole('article', { name: caption });
  await expect(card.getByTestId('post-reference')).toHaveText(POST_UI.reference(reference));
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'reference-post-card-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: ACKNOWLEDGEMENT_UI.link }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}/acknowledgement$`));
  await expect(page.getByRole('heading', { level: 1, name: ACKNOWLEDGEMENT_UI.heading })).toBeVisible();
  await expect(page.getByTestId('ack-reference')).toHaveText(reference);
  await expect(page.getByRole('heading', { level: 2, name: caption })).toBeVisible();
  await expect(page.getByText('Pune')).toBeVisible();
  // Not taken over yet: the status reads Open, once (status and progress are the same word then).
  await expect(page.locator('dt', { hasText: POST_UI.status }).locator('xpath=following-sibling::dd[1]')).toHaveText('Open');
  await expect(page.getByRole('button', { name: ACKNOWLEDGEMENT_UI.print })).toBeVisible();
  await shoot(page, 'reference-acknowledgement-1280.png');
  // Printed, the receipt stands alone: no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: ACKNOWLEDGEMENT_UI.print })).toBeHidden();
  await expect(page.getByTestId('ack-reference')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'reference-acknowledgement-390.png');
  await page.getByRole('link', { name: ACKNOWLEDGEMENT_UI.backToReport }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

  // An admin types the number the way a caller reads it out: lower case, without the leading zeros.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.clear());
  await loginAs(adminAccount(), '/admin/dashboard/managePosts');
  const typed = reference.toLowerCase().replace(/-0+(\d)/, '-$1');
  await page.getByLabel(ADMIN_UI.searchPosts).fill(typed);
  const listed = page.getByTestId('admin-posts').getByTestId('post-card');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-post-id', postId);
  await expect(listed.getByTestId('post-reference')).toHaveText(POST_UI.reference(reference));
});
