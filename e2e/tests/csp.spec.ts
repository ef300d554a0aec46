/**
 * The Content-Security-Policy the server sends (apps/server/src/plugins/security.ts) must not break any
 * screen: every main screen, with its maps, toasts and photo previews, loads without one violation.
 */
import type { Page } from '@playwright/test';
import { CHAT_TEXTS, POST_UI } from '@civicpulse/shared';
import { adminAccount, budget, createPostViaApi, expect, liveConnected, loginToken, signIn, signupGovernment, signupUser, test } from '../support/fixtures';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects violations from the page (securitypolicyviolation) and from the console, from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  // Offline runs answer the public tile server with an empty tile; the CSP still decides whether it may load.
  await page.context().route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }),
  );
  return seen;
}

async function expectNoViolations(page: Page, console: string[], screen: string): Promise<void> {
  const inPage = await page.evaluate(() => window.__cspViolations ?? []);
  expect([...inPage, ...console], `CSP violations on ${screen}`).toEqual([]);
}

async function tilesShown(page: Page): Promise<void> {
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
}

test('every main screen works under the Content-Security-Policy', async ({ page, request, citizen, context, baseURL }) => {
  test.setTimeout(budget(90_000));
  const console = await watchCsp(page);

  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('main')).toBeVisible();
  await expectNoViolations(page, console, 'the landing page');

  await page.goto('/login');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expectNoViolations(page, console, 'the login page');

  // The feed with a post and its map.
  const token = await loginToken(request, citizen);
  const other = await loginToken(request, await signupUser(request, { name: 'Ravi Neighbour' }));
  await createPostViaApi(request, other, { caption: 'Streetlight out on the corner' });
  await signIn(page, token, '/');
  await expect(page.getByText('Streetlight out on the corner').first()).toBeVisible();
  await page.locator('.leaflet-container').first().scrollIntoViewIfNeeded();
  await tilesShown(page);
  await expect(page.locator('article img').first()).toBeVisible();
  // The live connection's code (loaded after the page) has run too.
  await liveConnected(page);
  await expectNoViolations(page, console, 'the feed');

  // Community Chat: the live connection and the shared message rule.
  await page.goto('/user/dashboard/communityChat');
  await expect(page.getByRole('heading', { name: CHAT_TEXTS.heading })).toBeVisible();
  await liveConnected(page);
  await page.getByRole('textbox', { name: CHAT_TEXTS.messageLabel }).fill('Hello under the CSP');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hello under the CSP' })).toBeVisible();
  await expectNoViolations(page, console, 'Community Chat');

  // Create Civic Issue: the location picker's map, a toast, and photo previews from blob: URLs.
  await page.goto('/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  await tilesShown(page);
  await page.locator('.leaflet-container').click();
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'pothole.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
  await page.getByRole('button', { name: POST_UI.submit }).click();
  await expect(page.getByRole('status').first()).toBeVisible();
  await expectNoViolations(page, console, 'Create Civic Issue');

  // A department's route map: Leaflet markers drawn from HTML (L.divIcon).
  const department = await signupGovernment(request);
  const admin = await loginToken(request, adminAccount());
  const govToken = await loginToken(request, department);
  const me = (await (await request.get('/api/gov/me', { headers: { Authorization: `Bearer ${govToken}` } })).json()) as { _id: string };
  const verified = await request.put(`/api/admin/verifyGovernment/${me._id}`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(verified.status()).toBe(200);
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  await context.setGeolocation({ latitude: 18.52, longitude: 73.85 });
  await signIn(page, govToken, '/government/dashboard/viewPosts');
  await page.getByRole('button', { name: 'Show route' }).first().click();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await tilesShown(page);
  await expectNoViolations(page, console, 'the route map');

  // The API's own documentation page (Swagger UI).
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
  await expectNoViolations(page, console, '/api/docs');
});
