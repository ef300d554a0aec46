/**
 * Issue 16, Open311 and open data in the browser: the admin issues a partner key in the console (shown
 * once), a partner system POSTs an Open311 request with it, and the report shows in the feed under the
 * partner's name; the admin revokes the key and the next POST is refused. The footer's "Open data" link
 * leads to the page whose CSV download answers CSV. Screens at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { OPEN311_ADMIN_TEXTS as T } from '@civicpulse/shared';
import { adminAccount, budget, expect, loginToken, noSidewaysScroll, SCREENSHOTS, shoot, signIn, signupUser, test, toast } from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

test('an admin issues an Open311 key, a partner files a report with it, and a revoked key is refused', async ({ page, request, browser }) => {
  test.setTimeout(budget(120_000));
  const tag = Date.now().toString(36);
  const partner = `Pune Call Centre ${tag}`;
  const adminToken = await loginToken(request, adminAccount());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, adminToken, '/admin/dashboard');
  await page.getByRole('link', { name: T.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();

  // A blank name is refused next to the field.
  await page.getByRole('button', { name: T.issue }).click();
  await expect(page.getByLabel(T.nameLabel)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(T.nameLabel)).toBeFocused();

  await page.getByLabel(T.nameLabel).fill(partner);
  await page.getByLabel(T.contactLabel).fill('ops@pune.example.in');
  await page.getByRole('button', { name: T.issue }).click();
  await expect(toast(page, T.issued)).toBeVisible();
  const shown = page.getByTestId('issued-key');
  await expect(shown).toContainText(T.shownOnce);
  const apiKey = await page.locator('#issued-key').inputValue();
  expect(apiKey).toMatch(/^cp311_/);
  const row = page.getByTestId('api-keys').getByRole('listitem').filter({ hasText: partner });
  await expect(row).toContainText(T.active);
  await expect(row).toContainText(apiKey.slice(0, 10));
  await expect(page.getByTestId('api-keys')).not.toContainText(apiKey);
  await shoot(page, 'open311-keys-1280.png');

  // The partner system files a report the standard's way (form-encoded).
  const caption = `Streetlight dark at the bus stop ${tag}`;
  const filed = await request.post('/open311/v2/requests.json', {
    form: { api_key: apiKey, service_code: 'streetlights', description: caption, lat: '18.5204', long: '73.8567', address_string: 'FC Road bus stop', first_name: 'Meera' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const id = ((await filed.json()) as Array<{ service_request_id: string }>)[0]!.service_request_id;

  // A citizen sees it in the feed under the partner's name.
  const citizen = await signupUser(request, { name: `Feed Reader ${tag}` });
  const context = await browser.newContext();
  const reader = await context.newPage();
  await signIn(reader, await loginToken(request, citizen), '/');
  const card = reader.getByRole('article', { name: caption });
  await expect(card).toBeVisible();
  await expect(card).toContainText(partner);
  await expect(card).not.toContainText('Meera');
  await context.close();

  // Revoked (after confirming), the key is refused.
  await page.reload();
  await page.getByTestId('api-keys').getByRole('button', { name: `${T.revoke} ${partner}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(T.revokeConfirm);
  await dialog.getByRole('button', { name: T.revoke }).click();
  await expect(toast(page, T.revoked)).toBeVisible();
  await expect(row).toContainText(T.revokedStatus);
  const refused = await request.post('/open311/v2/requests.json', { form: { api_key: apiKey, service_code: 'roads', description: 'Pothole', lat: '18.52', long: '73.85' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual([{ code: 403, description: expect.any(String) }]);
  // The report filed before stays, readable through Open311.
  const read = await request.get(`/open311/v2/requests/${id}.json`);
  expect(((await read.json()) as Array<{ description: string }>)[0]!.description).toBe(caption);

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'open311-keys-390.png');
});

test('the footer links to Open data, whose download answers CSV', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Services' }).getByRole('link', { name: 'Open data' }).click();
  await expect(page).toHaveURL(/\/open-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open data' })).toBeVisible();
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Category').selectOption('roads');
  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toHaveAttribute('href', '/api/open-data/reports.csv?state=Maharashtra&category=roads');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('civicpulse-reports.csv');
  const res = await request.get('/api/open-data/reports.csv?state=Maharashtra&category=roads');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await res.text()).split('\r\n')[0]).toMatch(/^id,created_at,category,/);
  await shoot(page, 'open-data-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'open-data-390.png');
});
