/**
 * Shared test helpers: the server address from global setup, accounts for each role created through the
 * API, and signing a page in by storing a token the way the app does (localStorage key `token`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { budget } from './budget';
import { roadPhotoPng } from './images';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A test's time budget, scaled for the machine (E2E_TIME_SCALE; 2 under CI). Budgets are guards against a
 * hung test, never performance assertions (those live in bench/): CI machines have run this suite 3–4x
 * slower than a quiet 2-core workstation, and a slow machine must not read as a broken screen.
 */
export { TIME_SCALE, budget } from './budget';
export const PROOF_PNG = path.join(here, '../fixtures/proof.png');
export const NOT_A_DOCUMENT = path.join(here, '../fixtures/notes.txt');
export const SCREENSHOTS = path.join(here, '../artifacts/screenshots');

export type Role = 'user' | 'government' | 'admin';

export interface Account {
  role: Role;
  name: string;
  email: string;
  password: string;
  secretKey?: string;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

export function adminAccount(): Account {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  const secretKey = process.env.E2E_ADMIN_SECRET;
  if (!email || !password || !secretKey) throw new Error('global setup did not export the admin account');
  return { role: 'admin', name: 'Site Admin', email, password, secretKey };
}

export async function signupUser(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    role: 'user',
    name: overrides.name ?? 'Asha Verma',
    email: overrides.email ?? uniqueEmail('citizen'),
    password: overrides.password ?? 'secret123',
  };
  const response = await request.post('/api/user/signup', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

export async function signupGovernment(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    role: 'government',
    name: overrides.name ?? 'Public Works Department',
    email: overrides.email ?? uniqueEmail('pwd'),
    password: overrides.password ?? 'secret123',
  };
  const response = await request.post('/api/gov/signup', {
    multipart: {
      department: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      phone: '9876543210',
      city: 'Pune',
      proofDoc: { name: 'proof.png', mimeType: 'image/png', buffer: readFileSync(PROOF_PNG) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

export async function loginToken(request: APIRequestContext, account: Account): Promise<string> {
  const response =
    account.role === 'user'
      ? await request.post('/api/user/login', { data: { email: account.email, password: account.password } })
      : account.role === 'government'
        ? await request.post('/api/gov/login', { data: { officialEmail: account.email, password: account.password } })
        : await request.post('/api/admin/login', {
            data: { email: account.email, password: account.password, secretKey: account.secretKey },
          });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error('login answered without a token');
  return body.token;
}

export interface ReportLocation {
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  city?: string;
  coordinates: { lat: number; lng: number };
}

export const DEFAULT_REPORT_LOCATION: ReportLocation = {
  state: 'Maharashtra',
  landmark: 'Opposite City Library',
  address: '14 FC Road, Shivajinagar, Pune',
  pincode: '411005',
  coordinates: { lat: 18.5204, lng: 73.8567 },
};

/** POST /api/user/createPost as the spec's multipart form (caption, priority, location JSON, images); the new id. */
export async function createPostViaApi(
  request: APIRequestContext,
  token: string,
  report: { caption: string; priority?: string; location?: ReportLocation; photo?: { name: string; buffer: Buffer } },
): Promise<string> {
  const response = await request.post('/api/user/createPost', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      caption: report.caption,
      priority: report.priority ?? 'Medium',
      location: JSON.stringify(report.location ?? DEFAULT_REPORT_LOCATION),
      images: { name: report.photo?.name ?? 'road.png', mimeType: 'image/png', buffer: report.photo?.buffer ?? roadPhotoPng() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { _id: string } }).post._id;
}

/** The account id in a token's claims. */
export function tokenId(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id?: string };
  if (!claims.id) throw new Error('token without an id claim');
  return claims.id;
}

/** A department account an admin has verified (it may take reports over); its token. */
export async function verifiedDepartmentToken(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<string> {
  const token = await loginToken(request, await signupGovernment(request, overrides));
  const adminToken = await loginToken(request, adminAccount());
  const res = await request.put(`/api/admin/verifyGovernment/${tokenId(token)}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(res.status(), await res.text()).toBe(200);
  return token;
}

/**
 * Waits until the page's live connection is up (the app marks <html data-live="connected">), so what
 * another account does next reaches it live rather than racing the handshake.
 */
export async function liveConnected(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
}

/** Signs the page in with a token, as a returning visitor whose browser kept it. */
export async function signIn(page: Page, token: string, then = '/'): Promise<void> {
  // The token is stored from a page of the app's origin that runs none of the app's code. On /about the
  // app could still be starting when the token landed (it reads the stored session after its first
  // render, which can come after the load event): it then signed in there too, and its first 401 (a
  // test's routed one) cleared the token before `then` read it.
  await page.goto('/favicon.svg');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(then);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/**
 * Scrolls once through the page so lazy content (photos with loading="lazy", maps that mount when they come
 * into view) is there before a full-page screenshot, which never scrolls by itself; then back to the top.
 */
export async function revealLazyContent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    document.documentElement.style.scrollBehavior = 'auto';
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y < end; y += Math.max(200, window.innerHeight - 100)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Watches a page's API calls from now on; `settled()` then waits until none is open and the page has not
 * changed for `quietMs`: the screen's late parts (figures, settings, message lists) have arrived and drawn.
 *
 * Used instead of `waitForLoadState('networkidle')`, which counts every request: Chromium sometimes reports
 * a script chunk fetched twice (the live client's lazy `connect` chunk) as started and never finished, and
 * networkidle then held a test for its whole budget though the page was loaded. Only `/api/` calls count
 * here (the live socket and assets do not), and the wait is bounded: a screen that never settles fails
 * with the calls still open and whether the page kept changing.
 */
export function watchApi(page: Page): { settled: (quietMs?: number) => Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: async (quietMs = 400) => {
      const deadline = Date.now() + budget(20_000);
      let changing = false;
      while (Date.now() < deadline) {
        if (open.size > 0) {
          changing = false;
          await page.waitForTimeout(50);
          continue;
        }
        // Resolves true once nothing in the document changed for quietMs, false if it kept changing for 2 s.
        const quiet = await page.evaluate(
          (ms) =>
            new Promise<boolean>((resolve) => {
              let timer = setTimeout(finish, ms, true);
              const giveUp = setTimeout(finish, 2000, false);
              const observer = new MutationObserver(() => {
                clearTimeout(timer);
                timer = setTimeout(finish, ms, true);
              });
              function finish(result: boolean) {
                clearTimeout(timer);
                clearTimeout(giveUp);
                observer.disconnect();
                resolve(result);
              }
              observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
            }),
          quietMs,
        );
        changing = !quiet;
        if (quiet && open.size === 0) return;
      }
      const calls = [...open].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
      throw new Error(`the page did not settle: ${calls.length ? `API calls still open: ${calls.join(', ')}` : 'no API call open'}${changing ? '; the page kept changing' : ''}`);
    },
  };
}

/** The admin home's charts: the labels along each axis (names under bars, states and stages beside them) never run into each other. */
export async function chartLabelsApart(page: Page): Promise<void> {
  const clashes = await page.getByTestId('admin-charts').evaluate((root) => {
    const found: string[] = [];
    // Recharts draws an axis's labels in a layer of their own.
    for (const axis of root.querySelectorAll('.recharts-xAxis-tick-labels, .recharts-yAxis-tick-labels')) {
      const labels = [...axis.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', box: t.getBoundingClientRect() }));
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) {
          const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (across > 1 && down > 1) found.push(`"${a.text}" runs into "${b.text}"`);
        }
    }
    return found;
  });
  expect(clashes).toEqual([]);
}

/** A full-page picture taken from the top (lazy content revealed first), so the sticky header sits where a visitor sees it. */
export async function shoot(page: Page, name: string): Promise<void> {
  await revealLazyContent(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

/**
 * A department list's "Showing X of Y posts" equals the server's counts. Other specs file and take over
 * reports on the same server at the same time, so the page is reloaded and the counts read again until
 * one reading of the page matches the API's answer read right after it.
 */
export async function expectShowingMatchesApi(page: Page, counts: () => Promise<{ matching: number; total: number }>): Promise<{ matching: number; total: number }> {
  let last = { matching: -1, total: -1 };
  await expect(async () => {
    await page.reload();
    const shown = page.getByTestId('showing-count');
    await expect(shown).toHaveText(/^Showing \d+ of \d+ posts$/, { timeout: 5000 });
    last = await counts();
    await expect(shown).toHaveText(`Showing ${last.matching} of ${last.total} posts`, { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  return last;
}

/**
 * A full-page screenshot at 1280 px and at a 390 px phone width (nothing may scroll sideways at either),
 * and of `detail` alone at both widths when given (a panel lost in a long page); back at 1280 px after.
 */
export async function shootBoth(page: Page, name: string, detail?: Locator): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await noSidewaysScroll(page);
    await shoot(page, `${name}-${width}.png`);
    if (detail) await detail.screenshot({ path: path.join(SCREENSHOTS, `${name}-detail-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A toast with exactly this text. */
export function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

interface Fixtures {
  /** A fresh citizen account, created through the API. */
  citizen: Account;
  /** A fresh government account, created through the API. */
  department: Account;
  /** Sign the page in as the given account (via the API token). */
  loginAs: (account: Account, then?: string) => Promise<string>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global setup did not run');
    await use(url);
  },
  citizen: async ({ request }, use) => {
    await use(await signupUser(request));
  },
  department: async ({ request }, use) => {
    await use(await signupGovernment(request));
  },
  loginAs: async ({ page, request }, use) => {
    await use(async (account, then = '/') => {
      const token = await loginToken(request, account);
      await signIn(page, token, then);
      return token;
    });
  },
});

export { expect };
