/**
 * Anonymous reports in the browser: a citizen files a report with "Hide my name on this report" ticked;
 * a neighbour (a second browser context) reads "A resident" on the feed card and the post page, never the
 * reporter's name; a department sees "A resident" until it takes the report over, then the real name with
 * the "hidden from others" mark. A category an admin switched off greys the checkbox out with a note.
 * Screenshots of the form and of the neighbour's view at 1280 and 390 px go to SHOTS_DIR (or the usual
 * screenshot folder).
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ANONYMITY_TEXTS, ANONYMITY_UI, POST_TEXTS, POST_UI } from '@civicpulse/shared';
import type { Page } from '@playwright/test';
import { adminAccount, budget, expect, loginToken, revealLazyContent, SCREENSHOTS, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOTS;

async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
}

async function snap(page: Page, name: string): Promise<void> {
  await revealLazyContent(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/** Create Civic Issue filled in (caption, photo, place, map point), ready to send. */
async function fillReport(page: Page, caption: string): Promise<void> {
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();
  await page.getByLabel(POST_UI.caption).fill(caption);
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'light.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
  await page.getByLabel(POST_UI.state).selectOption('Maharashtra');
  await page.getByLabel(POST_UI.landmark).fill('Opposite the girls hostel');
  await page.getByLabel(POST_UI.address).fill('22 Karve Road, Kothrud, Pune');
  await page.getByLabel(POST_UI.pincode).fill('411038');
  await page.locator('.leaflet-container').click();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
}

test('an anonymous report seen by a neighbour and by the department', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(budget(150_000));
  const tag = randomBytes(3).toString('hex');
  const reporterName = `Meera Quietwater ${tag}`;
  const caption = `Streetlight broken outside the hostel gate ${tag}`;
  const reporter = await signupUser(request, { name: reporterName });
  const reporterToken = await loginToken(request, reporter);

  // ---- the reporter ticks "Hide my name on this report" ----
  await stubTiles(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, reporterToken, '/user/dashboard/createPost');
  await fillReport(page, caption);
  const hide = page.getByLabel(ANONYMITY_UI.checkbox);
  await expect(hide).toBeEnabled();
  await expect(hide).not.toBeChecked();
  await expect(page.getByText(ANONYMITY_UI.help)).toBeVisible();
  await hide.check();
  await snap(page, 'anonymous-create-1280.png');
  await page.getByRole('button', { name: POST_UI.submit }).click();
  await expect(toast(page, POST_TEXTS.created)).toBeVisible();
  await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/);
  const postId = page.url().split('/').pop()!;
  // The reporter sees their own name, marked as hidden from others.
  const own = page.getByRole('article', { name: caption });
  await expect(own).toContainText(reporterName);
  await expect(own.getByTestId('anonymous-badge')).toHaveText(POST_UI.nameHidden);

  // ---- a neighbour, in another browser ----
  const neighbourToken = await loginToken(request, await signupUser(request, { name: `Ravi Neighbour ${tag}` }));
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    const other = await context.newPage();
    await stubTiles(other);
    await signIn(other, neighbourToken, '/');
    await expect(other.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();
    const card = other.getByRole('article', { name: caption });
    await expect(other.getByRole('article').first()).toBeVisible();
    for (let i = 0; i < 8 && !(await card.isVisible()); i++) {
      await other.keyboard.press('End');
      await other.waitForTimeout(500);
    }
    await expect(card.getByTestId('anonymous-author')).toHaveText(POST_UI.anonymousAuthor);
    await expect(card).not.toContainText(reporterName);
    await expect(card.getByRole('link', { name: POST_UI.anonymousAuthor })).toHaveCount(0);

    await other.goto(`/post/${postId}`);
    const article = other.getByRole('article', { name: caption });
    await expect(article.getByTestId('anonymous-author')).toHaveText(POST_UI.anonymousAuthor);
    await expect(other.locator('body')).not.toContainText(reporterName);
    await expect(other.locator('body')).not.toContainText(reporter.email);
    await snap(other, `anonymous-neighbour-${width}.png`);
    await context.close();
  }

  // ---- the department: "A resident" until it takes the report over, then the reporter ----
  const dept = await verifiedDepartmentToken(request, { name: `Ward Lights ${tag}` });
  const deptContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const deptPage = await deptContext.newPage();
  await stubTiles(deptPage);
  await signIn(deptPage, dept, `/post/${postId}`);
  const deptArticle = deptPage.getByRole('article', { name: caption });
  await expect(deptArticle.getByTestId('anonymous-author')).toHaveText(POST_UI.anonymousAuthor);
  const taken = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${dept}` } });
  expect(taken.status(), await taken.text()).toBe(200);
  await deptPage.reload();
  await expect(deptArticle).toContainText(reporterName);
  await expect(deptArticle.getByTestId('anonymous-badge')).toHaveText(POST_UI.nameHidden);
  await snap(deptPage, 'anonymous-department-1280.png');
  await deptContext.close();

  // ---- the form at a phone width, and a category an admin switched off ----
  const admin = await loginToken(request, adminAccount());
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const form = await phone.newPage();
  await stubTiles(form);
  await signIn(form, reporterToken, '/user/dashboard/createPost');
  await fillReport(form, `Broken streetlight on the corner ${tag}`);
  await form.getByLabel(ANONYMITY_UI.checkbox).check();
  await snap(form, 'anonymous-create-390.png');
  // The admin unticks "Residents may report anonymously" for Noise on the Service Levels screen.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin, '/admin/dashboard/serviceLevels');
  const noiseSwitch = adminPage.getByLabel(ANONYMITY_UI.adminCategory('Noise'));
  await expect(noiseSwitch).toBeChecked();
  await noiseSwitch.uncheck();
  await expect(toast(adminPage, ANONYMITY_TEXTS.settingSaved('Noise', false))).toBeVisible();
  await expect(noiseSwitch).not.toBeChecked();
  await adminPage.getByTestId('anonymous-categories').screenshot({ path: path.join(SHOTS, 'anonymous-admin-1280.png') });
  await adminContext.close();
  try {
    await form.reload();
    await form.getByLabel(POST_UI.caption).fill(`Loudspeaker noise every night ${tag}`);
    await expect(form.getByLabel(ANONYMITY_UI.checkbox)).toBeDisabled();
    await expect(form.getByText(ANONYMITY_UI.notAllowedNote)).toBeVisible();
    await snap(form, 'anonymous-not-allowed-390.png');
  } finally {
    await request.put('/api/admin/categories/noise', { headers: { Authorization: `Bearer ${admin}` }, data: { anonymousAllowed: true } });
    await phone.close();
  }
});
