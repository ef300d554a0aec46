/**
 * Issue 16 items 6-7 in the browser: a report past its service level shows "Overdue" on its card and its
 * department is notified; the reporter rates the fix with the confirmation and the department's score on
 * its public profile moves; the admin service-level screen and the ranking.
 *
 * How the report becomes overdue: a browser test cannot move the server's clock, and waiting out a real
 * level (an hour at least) is no test. So the test files a report through the API and then moves its
 * times 13 hours back directly in the e2e server's own SQLite file (E2E_DATA_DIR, global setup), as if it
 * had been filed then. Everything after that is the real server: its sweeper (SLA_SWEEP_INTERVAL_MS=1000
 * in global setup) finds the report by its index, marks it and notifies; the cards work Overdue out from
 * the stored due times. Against an external app (E2E_BASE_URL) there is no file to reach: skipped.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  MY_POSTS_UI,
  POST_TEXTS,
  RATING_LABELS,
  RATING_TEXTS,
  SERVICE_LEVEL_TEXTS,
  METRICS_TEXTS,
  type NotificationItem,
} from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  DEFAULT_REPORT_LOCATION,
  expect,
  loginToken,
  noSidewaysScroll,
  SCREENSHOTS,
  shoot,
  signIn,
  test,
  toast,
  tokenId,
  verifiedDepartmentToken,
} from '../support/fixtures';
import { roadPhotoPng } from '../support/images';

mkdirSync(SCREENSHOTS, { recursive: true });
const here = path.dirname(fileURLToPath(import.meta.url));
// The server's own SQLite driver, resolved from the server package that depends on it.
const requireFromServer = createRequire(path.resolve(here, '../../apps/server/package.json'));
type Statement = { run: (...args: unknown[]) => { changes: number } };
type SqliteDb = { prepare: (sql: string) => Statement; pragma: (p: string) => unknown; close: () => void };
const SQLite = requireFromServer('better-sqlite3') as new (file: string) => SqliteDb;

const HOUR = 3_600_000;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Moves a report's filing (and its service-level times) `hours` back, as if filed then. */
function backdate(postId: string, hours: number, level: { responseHours: number; resolutionHours: number }) {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'civicpulse.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const created = Date.now() - hours * HOUR;
    const iso = (ms: number) => new Date(ms).toISOString();
    const resolutionDue = created + level.resolutionHours * HOUR;
    const changed = db
      .prepare('update posts set created_at = ?, response_due_at = ?, resolution_due_at = ?, sla_next_at = ? where id = ?')
      .run(iso(created), iso(created + level.responseHours * HOUR), iso(resolutionDue), iso(resolutionDue), postId);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

async function notificationsOf(request: APIRequestContext, token: string): Promise<NotificationItem[]> {
  const res = await request.get('/api/notifications?limit=50', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { notifications: NotificationItem[] }).notifications;
}

function card(page: Page, caption: string) {
  return page.getByTestId('post-card').filter({ has: page.getByRole('heading', { name: caption, exact: true }) });
}

test('an overdue report shows Overdue and notifies its department; the reporter rates the fix and the department score moves', async ({
  page,
  request,
  citizen,
}) => {
  test.skip(!process.env.E2E_DATA_DIR, 'needs the e2e server database (not available with E2E_BASE_URL)');
  test.setTimeout(budget(180_000));
  const tag = randomBytes(3).toString('hex');
  const caption = `Garbage heap not cleared for days ${tag}`;
  const deptName = `Ward Sanitation Office ${tag}`;
  const token = await loginToken(request, citizen);
  const created = await request.post('/api/user/createPost', {
    headers: auth(token),
    multipart: {
      caption,
      priority: 'Critical',
      category: 'garbage',
      location: JSON.stringify(DEFAULT_REPORT_LOCATION),
      images: { name: 'road.png', mimeType: 'image/png', buffer: roadPhotoPng() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { post: { _id: string } }).post._id;
  const govToken = await verifiedDepartmentToken(request, { name: deptName });
  const deptId = tokenId(govToken);
  const taken = await request.put(`/api/gov/progressState/${postId}`, { headers: auth(govToken) });
  expect(taken.status(), await taken.text()).toBe(200);

  // Filed 13 hours ago: past garbage's 12-hour resolution level at Critical (packages/shared defaults).
  backdate(postId, 13, { responseHours: 2, resolutionHours: 12 });
  await expect
    .poll(async () => (await notificationsOf(request, govToken)).filter((n) => n.postId === postId && n.type === 'overdue').length, { timeout: 20_000 })
    .toBe(1);

  // The department sees the Overdue badge on its card and the notification in the bell.
  await signIn(page, govToken, '/government/dashboard/viewProgress');
  const overdueCard = card(page, caption);
  await expect(overdueCard.getByTestId('overdue-badge')).toHaveText(SERVICE_LEVEL_TEXTS.overdue);
  await overdueCard.locator('header').screenshot({ path: path.join(SCREENSHOTS, 'sla-overdue-card-header-1280.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sla-overdue-card-1280.png') });
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const note = page.getByTestId('notification').filter({ hasText: 'Report overdue' }).filter({ hasText: caption });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('not finished within 12 h');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sla-overdue-notification-1280.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId('overdue-badge')).toHaveText(SERVICE_LEVEL_TEXTS.overdue);
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sla-overdue-card-390.png') });

  // The fix: on to Waiting for User Verification.
  for (let i = 0; i < 3; i++) expect((await request.put(`/api/gov/progressState/${postId}`, { headers: auth(govToken) })).status()).toBe(200);
  const final = await request.put(`/api/gov/updateFinalWork/${postId}`, {
    headers: auth(govToken),
    multipart: { finalCaption: `Heap cleared and area swept ${tag}`, images: { name: 'done.png', mimeType: 'image/png', buffer: roadPhotoPng(400, 300) } },
  });
  expect(final.status(), await final.text()).toBe(200);

  // The department's public record before the rating: nothing finished, no score.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, token, `/user/profile/government/${deptId}`);
  await expect(page.getByTestId('record-score')).toHaveText(METRICS_TEXTS.none);
  await expect(page.getByTestId('record-ratings')).toHaveText('0');

  // The reporter confirms and rates it.
  await page.goto('/user/dashboard/userPosts');
  const mine = card(page, caption);
  await mine.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  const ask = page.getByRole('alertdialog', { name: MY_POSTS_UI.verifyHeading });
  await expect(ask.getByRole('group', { name: RATING_TEXTS.question })).toBeVisible();
  await ask.getByRole('radio', { name: RATING_LABELS.satisfied, exact: true }).check();
  await ask.getByLabel(RATING_TEXTS.comment).fill('Cleared well, though late');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sla-rating-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sla-rating-390.png') });
  await ask.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  await expect(toast(page, POST_TEXTS.verified)).toBeVisible();

  // The score moves: finished late (0% within the level), satisfied (100%): 0.6 x 0 + 0.4 x 100 = 40.
  await page.goto(`/user/profile/government/${deptId}`);
  await expect(page.getByTestId('record-score')).toHaveText('40.0 / 100');
  await expect(page.getByTestId('record-ratings')).toHaveText('1');
  await expect(page.getByTestId('record-satisfaction')).toHaveText('100%');
  await expect(page.getByTestId('record-within')).toHaveText('0%');
  await expect(page.getByTestId('record-rank')).toHaveText(/^#\d+$/);
  await noSidewaysScroll(page);
  await shoot(page, 'sla-profile-record-390.png');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'sla-profile-record-1280.png');

  // The admin console: the levels table (one edit), and the department in its city's ranking.
  const adminToken = await loginToken(request, adminAccount());
  await signIn(page, adminToken, '/admin/dashboard/serviceLevels');
  await expect(page.getByRole('heading', { level: 1, name: SERVICE_LEVEL_TEXTS.heading })).toBeVisible();
  await expect(page.getByTestId('level-table')).toHaveCount(12);
  const row = page.locator('[data-testid="level-row"][data-category="noise"][data-priority="Low"]');
  await row.getByLabel(`${SERVICE_LEVEL_TEXTS.response}: Noise, Low`).fill('20');
  await row.getByRole('button', { name: `${SERVICE_LEVEL_TEXTS.save}: Noise, Low` }).click();
  await expect(toast(page, SERVICE_LEVEL_TEXTS.saved)).toBeVisible();
  const ranked = page.getByTestId('ranking-row').filter({ hasText: deptName });
  await expect(ranked).toContainText('40.0');
  await shoot(page, 'sla-admin-levels-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shoot(page, 'sla-admin-levels-390.png');
});
