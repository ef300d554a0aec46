/**
 * Issue 17, Hindi and English: the first visit follows the browser's language, the switch (header and
 * phone menu) is remembered per browser and, signed in, in the account; the feed, the create form, a
 * validation error and a server error read in Hindi. Expected texts come from the Hindi objects
 * themselves (shared SHARED_HI, the web app's HI locales), never written here. Screenshots of the Hindi
 * feed and create form at 1280 and 390 px go to e2e/artifacts/screenshots/i18n-*.png.
 */
import path from 'node:path';
import { LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import type { Page } from '@playwright/test';
import { EN } from '../../apps/web/src/i18n/locales/en';
import { HI } from '../../apps/web/src/i18n/locales/hi';
import { budget, createPostViaApi, expect, loginToken, revealLazyContent, SCREENSHOTS, signIn, signupUser, test, toast } from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

const html = (page: Page) => page.locator('html');
const mainNav = (page: Page, texts: typeof EN.common | typeof HI.common) => page.getByRole('navigation', { name: texts.header.mainNav });
/** The i18next title format with the screen's name filled in. */
const titleOf = (screen: string) => HI.common.pageTitle.replace('{{screen}}', screen);

async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
}

async function snap(page: Page, name: string): Promise<void> {
  await revealLazyContent(page);
  await page.evaluate(() => {
    document.documentElement.style.scrollBehavior = 'auto';
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => window.scrollY === 0);
  // The Devanagari font is a web font: the picture waits for it, so it shows the glyphs, not a fallback.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी'))).toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, `i18n-${name}.png`), fullPage: true });
}

async function loginWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#login-panel input[name="email"]').fill(email);
  await page.locator('#login-panel input[name="password"]').fill(password);
  await page.locator('#login-panel button[type="submit"]').click();
}

test.describe('a browser that prefers Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('the first visit is in Hindi; English, once chosen, survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('lang', 'hi');
    await expect(mainNav(page, HI.common).getByRole('link', { name: HI.common.header.login, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: HI.common.header.homeLink })).toBeVisible();
    const switcher = page.getByRole('group', { name: HI.common.language.label });
    await expect(switcher.getByRole('button', { name: LANGUAGE_NAMES.hi })).toHaveAttribute('aria-pressed', 'true');

    await switcher.getByRole('button', { name: LANGUAGE_NAMES.en }).click();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(mainNav(page, EN.common).getByRole('link', { name: EN.common.header.login, exact: true })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('en');

    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(mainNav(page, EN.common).getByRole('link', { name: EN.common.header.login, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: EN.common.language.label }).getByRole('button', { name: LANGUAGE_NAMES.en })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a server error reads in Hindi: a wrong password on login', async ({ page, citizen }) => {
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('lang', 'hi');
    await loginWithForm(page, citizen.email, 'not-the-password');
    await expect(toast(page, SHARED_HI.TEXTS.auth.invalidCredentials)).toBeVisible();
  });

  test('the feed, the create form and a validation error in Hindi (screenshots at 1280 and 390 px)', async ({ page, request, citizen }) => {
    test.setTimeout(budget(90_000));
    await stubTiles(page);
    const token = await loginToken(request, citizen);
    // The feed shows the community's reports, not one's own: a neighbour reports one (in Hindi).
    const neighbour = await loginToken(request, await signupUser(request, { name: 'रवि कुमार' }));
    await createPostViaApi(request, neighbour, { caption: 'बस स्टॉप के पास सड़क पर गहरा गड्ढा, बारिश में पानी भर जाता है' });
    await signIn(page, token, '/');
    await expect(html(page)).toHaveAttribute('lang', 'hi');

    const feedHeading = page.getByRole('heading', { level: 1, name: SHARED_HI.POST_UI.feedHeading });
    await expect(feedHeading).toBeVisible();
    await expect(page).toHaveTitle(titleOf(SHARED_HI.POST_UI.feedHeading));
    await expect(mainNav(page, HI.common).getByRole('link', { name: HI.common.header.dashboard })).toBeVisible();
    await expect(page.getByText('बस स्टॉप के पास सड़क पर गहरा गड्ढा').first()).toBeVisible();
    await snap(page, 'hi-feed-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(feedHeading).toBeVisible();
    await snap(page, 'hi-feed-phone');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/user/dashboard/createPost');
    const ui = SHARED_HI.POST_UI;
    await expect(page.getByRole('heading', { name: ui.createHeading })).toBeVisible();
    await expect(page).toHaveTitle(titleOf(ui.createHeading));
    // Soft: each wrong text is reported, and the screenshots below are still taken.
    for (const label of [ui.caption, ui.images, ui.state, ui.landmark, ui.address, ui.pincode, ui.priority]) {
      await expect.soft(page.getByLabel(label, { exact: true }).first(), label).toBeVisible();
    }
    // The states and the priorities by their Hindi names; the values sent stay the English wire values.
    const state = page.locator('select:has(option[value="Maharashtra"])');
    await expect.soft(state.locator('option', { hasText: SHARED_HI.NAMES.states.Maharashtra })).toHaveAttribute('value', 'Maharashtra');
    const priority = page.locator('select:has(option[value="Critical"])');
    await expect.soft(priority.locator('option', { hasText: SHARED_HI.NAMES.priorities.High })).toHaveAttribute('value', 'High');

    // Submitting the empty form: the first check's text, in Hindi.
    await page.locator('main form button[type="submit"]').last().click();
    await expect.soft(toast(page, SHARED_HI.TEXTS.validation.captionRequired)).toBeVisible();
    await snap(page, 'hi-create-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: ui.createHeading })).toBeVisible();
    await snap(page, 'hi-create-phone');
  });
});

test.describe('a browser that prefers English', () => {
  test.use({ locale: 'en-IN' });

  test('the phone menu has the switch too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: EN.common.header.openMenu }).click();
    const menu = page.getByRole('dialog', { name: EN.common.menu.title });
    await menu.getByRole('group', { name: EN.common.language.label }).getByRole('button', { name: LANGUAGE_NAMES.hi }).click();
    await expect(html(page)).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('dialog', { name: HI.common.menu.title }).getByRole('link', { name: HI.common.header.login, exact: true })).toBeVisible();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'i18n-hi-menu-phone.png') });
  });

  test("a signed-in citizen's choice is kept in the account and applied in a fresh browser after sign-in", async ({ browser, baseURL, request, citizen }) => {
    const first = await browser.newContext({ baseURL, locale: 'en-IN' });
    const page = await first.newPage();
    const token = await loginToken(request, citizen);
    await signIn(page, token, '/');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'PUT');
    await page.getByRole('group', { name: EN.common.language.label }).getByRole('button', { name: LANGUAGE_NAMES.hi }).click();
    expect((await saved).status()).toBe(200);
    await expect(html(page)).toHaveAttribute('lang', 'hi');
    const settings = await request.get('/api/account/settings', { headers: { Authorization: `Bearer ${token}` } });
    expect(await settings.json()).toMatchObject({ language: 'hi' });
    await first.close();

    // Another browser, English by default and never switched: signing in brings the account's Hindi.
    const fresh = await browser.newContext({ baseURL, locale: 'en-IN' });
    const other = await fresh.newPage();
    await other.goto('/login');
    await expect(html(other)).toHaveAttribute('lang', 'en');
    await loginWithForm(other, citizen.email, citizen.password);
    await expect(html(other)).toHaveAttribute('lang', 'hi');
    await expect(mainNav(other, HI.common).getByRole('link', { name: HI.common.header.dashboard })).toBeVisible();
    await other.reload();
    await expect(html(other)).toHaveAttribute('lang', 'hi');
    await fresh.close();
  });
});
