/**
 * Issue 17, items 5-7: the installable app, its offline shell and reading, Create Civic Issue's draft and
 * its report outbox. These tests run WITH the app's service worker (the suite blocks it elsewhere:
 * playwright.config.ts), so they see the app as a returning phone user does.
 *
 * Going offline is Playwright's `context.setOffline`, which Chromium applies to the pages and to the
 * service worker alike. Requests the worker answers itself (the shell, cached API answers, photos) never
 * reach `page.route`; createPost is not one of them (the worker leaves POSTs to the network), so the
 * page's own upload can still be cut off after it reached the server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { POST_UI } from '@civicpulse/shared';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { create } from '../../apps/web/src/i18n/locales/en/create';
import { budget, createPostViaApi, expect, loginToken, revealLazyContent, SCREENSHOTS, signIn, signupUser, test, type Account } from '../support/fixtures';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

test.use({ serviceWorkers: 'allow' });

const TEXT = create;

async function stubTiles(context: BrowserContext): Promise<void> {
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
}

/** The service worker is installed (the shell precached), active and controls this page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** The account's posts with this caption, as the API lists them. */
async function postsWithCaption(request: APIRequestContext, token: string, caption: string): Promise<string[]> {
  const res = await request.get('/api/user/myPosts?limit=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { posts: Array<{ _id: string; caption: string }> };
  return body.posts.filter((p) => p.caption === caption).map((p) => p._id);
}

/** Everything Create Civic Issue asks for, with one photo and a point picked on the map. */
async function fillReport(page: Page, caption: string): Promise<void> {
  await page.getByLabel(POST_UI.caption).fill(caption);
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'pothole.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
  await expect(page.getByTestId('create-previews').locator('li')).toHaveCount(1);
  await page.getByLabel(POST_UI.state).selectOption('Maharashtra');
  await page.getByLabel(POST_UI.landmark).fill('Opposite City Library');
  await page.getByLabel(POST_UI.address).fill('14 FC Road, Shivajinagar, Pune');
  await page.getByLabel(POST_UI.pincode).fill('411005');
  await page.locator('.leaflet-container').click();
  await expect(page.getByTestId('picked-coordinates')).toHaveText(/^Latitude /);
}

/** The draft of what was typed is on the device. */
/** Signed in on Create Civic Issue with the worker in control, a report filled in (caption made unique). */
async function startReport(page: Page, context: BrowserContext, request: APIRequestContext, citizen: Account, captionStart: string) {
  await stubTiles(context);
  const token = await loginToken(request, citizen);
  const caption = `${captionStart} ${randomBytes(3).toString('hex')}`;
  await signIn(page, token, '/user/dashboard/createPost');
  await workerInControl(page);
  await fillReport(page, caption);
  return { token, caption };
}

async function draftSaved(page: Page): Promise<void> {
  await expect(page.getByText(TEXT.draft.savedNote)).toBeVisible();
}

/** Every row of one of the page's offline stores ('drafts' or 'outbox'), as IndexedDB holds it. */
function storedRows(page: Page, store: 'drafts' | 'outbox'): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('civicpulse-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Record<string, unknown>[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

/**
 * Waits until the device's stored draft holds `fields`. The note above shows from the first save on, so it
 * cannot tell whether the last change is stored yet; a reload before that would test the page-hide save.
 */
async function draftStores(page: Page, fields: Record<string, string>): Promise<void> {
  await expect.poll(() => storedRows(page, 'drafts')).toEqual([expect.objectContaining(fields)]);
}

async function shootAt(page: Page, name: string, widths: number[] = [1280, 390]): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await revealLazyContent(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

test('a report submitted offline waits, survives a reload and is sent exactly once when the connection returns', async ({
  page,
  context,
  request,
  citizen,
}) => {
  test.setTimeout(budget(90_000));
  const { token, caption } = await startReport(page, context, request, citizen, 'Broken streetlight by the market');

  await context.setOffline(true);
  await page.getByRole('button', { name: POST_UI.submit }).click();
  const waiting = page.getByTestId('waiting-to-send');
  await expect(waiting.getByRole('heading', { name: TEXT.outbox.waitingHeading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: TEXT.outbox.waitingHeading })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText(TEXT.offline.banner);
  await expect(page.getByTestId('outbox-indicator')).toHaveText('1 report waiting to send');
  // The form is read-only while the report waits.
  await expect(page.getByLabel(POST_UI.caption)).toBeDisabled();
  await shootAt(page, 'create-waiting-to-send');

  // Still offline: the service worker serves the app, and the report is still waiting, form and photo back.
  await page.reload();
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  await expect(waiting.getByRole('heading', { name: TEXT.outbox.waitingHeading })).toBeVisible();
  await expect(page.getByLabel(POST_UI.caption)).toHaveValue(caption);
  await expect(page.getByTestId('create-previews').locator('img')).toHaveCount(1);
  expect(await postsWithCaption(request, token, caption)).toEqual([]);

  // Back online: it is sent (Background Sync or the page's `online` handler) and the page opens it.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/, { timeout: 20_000 });
  await expect(page.getByRole('article', { name: caption })).toBeVisible();
  await expect(page.getByTestId('outbox-indicator')).toHaveCount(0);
  const postId = page.url().split('/').pop();
  // Give every sender (the worker's sync, the page) time to have tried; still exactly one post.
  await page.waitForTimeout(1500);
  expect(await postsWithCaption(request, token, caption)).toEqual([postId]);
  // The draft went with it: a new report starts empty.
  await page.goto('/user/dashboard/createPost');
  await expect(page.getByLabel(POST_UI.caption)).toHaveValue('');
  await expect(page.getByTestId('draft-prompt')).toHaveCount(0);
});

test('a logout takes the token off a queued report: it waits for the account to sign in again, then goes once', async ({
  page,
  context,
  request,
  citizen,
}) => {
  test.setTimeout(budget(90_000));
  const { token, caption } = await startReport(page, context, request, citizen, 'Open manhole outside the school');
  await context.setOffline(true);
  await page.getByRole('button', { name: POST_UI.submit }).click();
  await expect(page.getByTestId('waiting-to-send').getByRole('heading', { name: TEXT.outbox.waitingHeading })).toBeVisible();

  // Logout from the account menu, still offline.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const tokens = async () => (await storedRows(page, 'outbox')).map((entry) => entry.token);
  await expect.poll(tokens).toEqual(['']);

  // Online but signed out: nothing can send it.
  await context.setOffline(false);
  await page.waitForTimeout(2000);
  expect(await postsWithCaption(request, token, caption)).toEqual([]);

  // The account signs in again on this device: the report goes, once.
  await signIn(page, token, '/user/dashboard');
  await expect.poll(() => postsWithCaption(request, token, caption), { timeout: 20_000 }).toHaveLength(1);
  await page.waitForTimeout(1500);
  expect(await postsWithCaption(request, token, caption)).toHaveLength(1);
});

test('an upload whose answer is lost is sent again with the same key and makes one post', async ({ page, context, request, citizen }) => {
  test.setTimeout(budget(90_000));
  const { token, caption } = await startReport(page, context, request, citizen, 'Garbage not collected for days');

  // The first upload reaches the server (which makes the post), then the connection drops before the
  // answer arrives. The page sends it again, as in a browser without Background Sync (Firefox, Safari):
  // "Try again now" (the worker's sync resend is the first test's). Every send carries the same
  // Idempotency-Key.
  await page.evaluate(() => Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined }));
  const keys: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/user/createPost')) keys.push(req.headers()['idempotency-key'] ?? '');
  });
  // The handler always cuts the connection, whatever the server said, so the page is never left waiting
  // on a request the test holds; what the server said is checked below.
  let firstAnswer = '';
  await page.route(
    '**/api/user/createPost',
    async (route) => {
      try {
        const answer = await route.fetch();
        firstAnswer = `${answer.status()} ${await answer.text()}`;
      } catch (error) {
        firstAnswer = `no answer: ${String(error)}`;
      } finally {
        await route.abort('connectionreset');
      }
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: POST_UI.submit }).click();
  await expect.poll(() => firstAnswer).toMatch(/^201 /);

  // Sent again by "Try again now": the page opens the post. A failure says what the page and the outbox held.
  const retry = page.getByRole('button', { name: TEXT.outbox.retryNow });
  try {
    await expect(async () => {
      if (await retry.isVisible()) await retry.click();
      await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/, { timeout: 2000 });
    }).toPass({ timeout: budget(30_000) });
  } catch (error) {
    const outbox = await storedRows(page, 'outbox').then(
      (rows) => rows.map(({ key, attempts, lastError }) => ({ key, attempts, lastError })),
      (e: unknown) => String(e),
    );
    const shown = await page.locator('main, [role="status"], [role="alert"]').allInnerTexts().catch(() => []);
    throw new Error(`${String(error)}\nkeys sent: ${JSON.stringify(keys)}\noutbox: ${JSON.stringify(outbox)}\nshown: ${shown.join(' | ').slice(0, 1500)}`);
  }
  const postId = page.url().split('/').pop();
  await page.waitForTimeout(1500);
  expect(await postsWithCaption(request, token, caption)).toEqual([postId]);
  // The lost first send and at least one resend, all with the one key.
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(keys).size).toBe(1);
});

test('a draft survives a reload: Resume draft brings back the caption and the photo; Discard forgets it', async ({
  page,
  context,
  request,
  citizen,
}) => {
  test.setTimeout(budget(60_000));
  await stubTiles(context);
  const token = await loginToken(request, citizen);
  await signIn(page, token, '/user/dashboard/createPost');
  const caption = 'Water pipe leaking onto the road near the temple';
  await page.getByLabel(POST_UI.caption).fill(caption);
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'leak.png', mimeType: 'image/png', buffer: roadPhotoPng(400, 300) }]);
  await page.getByLabel(POST_UI.landmark).fill('Behind the Hanuman temple');
  await page.getByLabel(POST_UI.priority).selectOption('High');
  await draftSaved(page);
  await draftStores(page, { caption, landmark: 'Behind the Hanuman temple', priority: 'High' });

  await page.reload();
  const prompt = page.getByRole('region', { name: TEXT.draft.heading });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('You started a report on');
  // Nothing is put back until the user says so.
  await expect(page.getByLabel(POST_UI.caption)).toHaveValue('');
  await shootAt(page, 'create-resume-draft');

  await prompt.getByRole('button', { name: TEXT.draft.resume }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByLabel(POST_UI.caption)).toHaveValue(caption);
  await expect(page.getByLabel(POST_UI.landmark)).toHaveValue('Behind the Hanuman temple');
  await expect(page.getByLabel(POST_UI.priority)).toHaveValue('High');
  const preview = page.getByTestId('create-previews').locator('img');
  await expect(preview).toHaveCount(1);
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  await expect(page.getByRole('button', { name: POST_UI.removeImage('leak.png') })).toBeVisible();

  // Discard: the next visit starts empty.
  await page.reload();
  await prompt.getByRole('button', { name: TEXT.draft.discard }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByLabel(POST_UI.caption)).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(prompt).toHaveCount(0);
});

test('the feed and a post already visited are readable offline, with the offline banner', async ({ page, context, request, citizen }) => {
  test.setTimeout(budget(90_000));
  await stubTiles(context);
  const neighbour = await loginToken(request, await signupUser(request, { name: 'Meera Iyer' }));
  const caption = `Open manhole on the footpath ${randomBytes(3).toString('hex')}`;
  const postId = await createPostViaApi(request, neighbour, { caption });
  const token = await loginToken(request, citizen);

  await signIn(page, token, '/');
  await workerInControl(page);
  // Read once with the worker in control: the feed, the post and their photos are kept on the device.
  await page.reload();
  const card = page.getByRole('article', { name: caption });
  await expect(card).toBeVisible();
  await expect.poll(() => card.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto(`/post/${postId}`);
  const article = page.getByRole('article', { name: caption });
  await expect(article).toBeVisible();
  await expect.poll(() => article.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: TEXT.offline.banner })).toBeVisible();
  await expect(card).toBeVisible();
  await expect.poll(() => card.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto(`/post/${postId}`);
  await expect(article).toBeVisible();
  await expect.poll(() => article.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'offline-post-1280.png'), fullPage: true });

  // A screen never opened before opens offline too: all of the app's code is precached.
  await page.goto('/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // The API itself is never answered with the app shell, online or not.
  const api = await page.evaluate(() => fetch('/api/no-such-route', { headers: { Accept: 'text/html' } }).then((r) => r.status));
  expect(api).toBe(404);
});

test('the app is installable: the manifest parses without errors and Chromium reports no installability errors', async ({ baseURL }, testInfo) => {
  // What Lighthouse's "installable-manifest" audit asked Chromium for (Page.getInstallabilityErrors);
  // Lighthouse 12 (bench/) dropped its PWA category altogether, so the check is made here through the
  // same DevTools protocol calls. A profile on disk: Chromium never offers to install from an incognito
  // context (errorId "in-incognito"), which every ordinary Playwright context is.
  const profile = await mkdtemp(path.join(tmpdir(), 'civicpulse-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    headless: true,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await workerInControl(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & { icons: Array<{ sizes: string; purpose?: string; src: string }> };
    expect(data).toMatchObject({ name: 'CivicPulse', short_name: 'CivicPulse', start_url: '/', display: 'standalone', theme_color: '#0f766e', lang: 'en' });
    expect(data.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of data.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors)
      .toEqual([]);
    // The worker script is revalidated on every load (a deploy's worker is found at once).
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
