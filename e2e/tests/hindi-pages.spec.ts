/**
 * Issue 17: the public pages, login and signup in Hindi. The remembered language (localStorage) is
 * Hindi before the first load; the pages show their Hindi texts, the Hindi page titles, <html lang="hi">,
 * and the longer Hindi strings do not push anything sideways at 1280 px or 390 px. A shared check's
 * English answer on login is shown in Hindi and still points at its field.
 */
import { mkdirSync } from 'node:fs';
import { LANGUAGE_STORAGE_KEY } from '@civicpulse/shared';
import { expect, noSidewaysScroll, SCREENSHOTS, shoot, test } from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

const PAGES = [
  { name: 'landing', path: '/', heading: 'शिकायत करें। स्थिति देखें। समाधान पाएँ।', title: 'CivicPulse' },
  { name: 'login', path: '/login', heading: 'फिर से स्वागत है', title: 'लॉग इन · CivicPulse' },
  { name: 'signup', path: '/signup', heading: 'खाता बनाएँ', title: 'साइन अप · CivicPulse' },
  { name: 'help', path: '/help', heading: 'हम आपकी क्या मदद करें?', title: 'सहायता केंद्र · CivicPulse' },
  { name: 'open-data', path: '/open-data', heading: 'ओपन डेटा', title: 'ओपन डेटा · CivicPulse' },
] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_STORAGE_KEY);
});

for (const viewport of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
]) {
  test.describe(`Hindi public pages at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const p of PAGES) {
      test(`${p.name} in Hindi without horizontal overflow`, async ({ page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
        await expect(page).toHaveTitle(p.title);
        await expect(page.getByRole('contentinfo')).toContainText('सर्वाधिकार सुरक्षित');
        await noSidewaysScroll(page);
        await shoot(page, `hi-${viewport.label}-${p.name}.png`);
      });
    }
  });
}

test('login in Hindi: the role tabs, and a shared check answer shown in Hindi at its field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'एडमिन' }).click();
  await expect(page.getByLabel('सीक्रेट की')).toBeVisible();
  await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
  await expect(page.getByLabel('ईमेल')).toHaveAttribute('aria-invalid', 'true');
  // validateAdminLogin answers LENGTH_TEXTS.email in English; the page shows its Hindi at the email field.
  await page.getByLabel('ईमेल').fill(`${'a'.repeat(250)}@example.org`);
  await page.getByLabel('पासवर्ड').fill('secret123');
  await page.getByLabel('सीक्रेट की').fill('key');
  await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
  await expect(page.getByTestId('field-error')).toHaveText('ईमेल अधिकतम 254 अक्षरों का हो सकता है');
  await expect(page.getByLabel('ईमेल')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('पासवर्ड')).not.toHaveAttribute('aria-invalid', 'true');
});

test('the help article list and an article come in Hindi', async ({ page }) => {
  await page.goto('/help');
  const articles = page.getByTestId('help-articles');
  await articles.getByRole('link', { name: 'शिकायत कैसे दर्ज करें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'शिकायत कैसे दर्ज करें' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'सहायता केंद्र पर वापस जाएँ' })).toBeVisible();
});
