/**
 * Issue 17, the department and admin screens in Hindi: with Hindi remembered in the browser, a verified
 * department's dashboard, View Issues (filters, count, progress buttons) and the admin home (figures,
 * charts, heatmap) read in Hindi, with Hindi numbers and state names; screenshots at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN_TEXTS, ADMIN_UI, GOV_UI, LANGUAGE_STORAGE_KEY } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { adminAccount, budget, chartLabelsApart, createPostViaApi, expect, loginToken, SCREENSHOTS, shoot, signupUser, test, verifiedDepartmentToken } from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });
const { ADMIN_TEXTS: ADMIN_TEXTS_HI, ADMIN_UI: ADMIN_UI_HI, GOV_UI: GOV_UI_HI, NAMES: NAMES_HI } = SHARED_HI;

/**
 * Signs in with Hindi remembered, as a returning Hindi reader whose browser kept both. They are stored
 * before the app's scripts run on every page of the test: written from the test into a page already
 * open, the app's own start (which remembers the language it detected) could write English over them.
 */
async function signInHindi(page: Page, token: string, then: string): Promise<void> {
  await page.addInitScript(([key, t]) => {
    localStorage.setItem('token', t);
    localStorage.setItem(key, 'hi');
  }, [LANGUAGE_STORAGE_KEY, token] as const);
  await page.goto(then);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

/** Devanagari is drawn with the bundled font, not boxes: wait until the browser has both weights. */
async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(['400', '600'].map((w) => document.fonts.load(`${w} 16px "Noto Sans Devanagari"`, 'हिन्दी')));
    await document.fonts.ready;
  });
}

test('a department reads its dashboard and View Issues in Hindi', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const tag = Date.now().toString(36);
  const token = await verifiedDepartmentToken(request, { name: `नगर निगम सड़क विभाग ${tag}` });
  const reporter = await loginToken(request, await signupUser(request, { name: 'Asha Verma' }));
  await createPostViaApi(request, reporter, { caption: `Broken streetlight near the market ${tag}`, priority: 'High' });

  await signInHindi(page, token, '/government/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /स्वागत है/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /शिकायतें देखें/ }).first()).toBeVisible();
  await expect(page.getByTestId('resolved-count')).toHaveText(GOV_UI_HI.resolvedCount(0));
  await expect(page.getByText(GOV_UI.resolvedCount(0))).toHaveCount(0);
  await fontsReady(page);
  await shoot(page, 'hi-gov-home-1280.png');

  await page.goto('/government/dashboard/viewPosts?area=all&priority=High');
  await expect(page.getByRole('heading', { level: 1, name: GOV_UI_HI.viewIssuesHeading })).toBeVisible();
  await expect(page.getByTestId('showing-count')).toContainText('दिखाई जा रही हैं');
  await expect(page.getByLabel(GOV_UI_HI.priorityFilter, { exact: true })).toHaveValue('High');
  await expect(page.getByRole('button', { name: GOV_UI_HI.removeFilter(GOV_UI_HI.chipPriority(NAMES_HI.priorities.High)) })).toBeVisible();
  await expect(page.getByRole('button', { name: GOV_UI_HI.advance }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: GOV_UI.advance })).toHaveCount(0);
  await expect(page.getByRole('button', { name: GOV_UI_HI.showRoute }).first()).toBeVisible();
  await fontsReady(page);
  await shoot(page, 'hi-gov-view-issues-1280.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/government/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /स्वागत है/ })).toBeVisible();
  await fontsReady(page);
  await shoot(page, 'hi-gov-home-390.png');
  await page.goto('/government/dashboard/viewPosts?area=all&priority=High');
  await expect(page.getByRole('button', { name: GOV_UI_HI.advance }).first()).toBeVisible();
  await fontsReady(page);
  await shoot(page, 'hi-gov-view-issues-390.png');
});

test('the admin home reads in Hindi, with Hindi figures and charts', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const reporter = await loginToken(request, await signupUser(request));
  const postId = await createPostViaApi(request, reporter, { caption: `Overflowing drain on the main road ${Date.now().toString(36)}` });
  // A take-over, so the per-department times chart has a bar too.
  const dept = await verifiedDepartmentToken(request);
  const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${dept}` } });
  expect(moved.status(), await moved.text()).toBe(200);
  const admin = await loginToken(request, adminAccount());

  await signInHindi(page, admin, '/admin/dashboard');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS_HI.heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.heading })).toHaveCount(0);
  const cards = page.getByTestId('admin-stat-cards');
  await expect(cards).toContainText(ADMIN_UI_HI.statCards.posts);
  await expect(cards).not.toContainText(ADMIN_UI.statCards.posts);
  await expect(page.getByRole('heading', { name: ADMIN_UI_HI.stale })).toBeVisible();
  await expect(page.getByTestId('admin-charts').locator('.recharts-wrapper')).toHaveCount(4);
  await expect(page.getByTestId('admin-charts').getByText(ADMIN_UI_HI.reportsPerDay).first()).toBeVisible();
  await expect(page.getByTestId('admin-heatmap').locator('path.leaflet-interactive').first()).toBeVisible({ timeout: 15_000 });
  await fontsReady(page);
  await chartLabelsApart(page);
  await shoot(page, 'hi-admin-home-1280.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS_HI.heading })).toBeVisible();
  await expect(page.getByTestId('admin-charts').locator('.recharts-wrapper')).toHaveCount(4);
  await fontsReady(page);
  await chartLabelsApart(page);
  await shoot(page, 'hi-admin-home-390.png');
});
