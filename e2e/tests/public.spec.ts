import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { TEXTS, UI } from '@civicpulse/shared';
import { expect, SCREENSHOTS, test } from '../support/fixtures';

const PAGES: { name: string; path: string; heading: string | RegExp; tab?: string }[] = [
  { name: 'landing', path: '/', heading: 'Report it. Track it. See it fixed.' },
  { name: 'about', path: '/about', heading: 'Civic problems deserve visible answers' },
  { name: 'services', path: '/services', heading: 'Everything you need to get local problems fixed' },
  { name: 'contact', path: '/contact', heading: 'We would love to hear from you' },
  { name: 'policy', path: '/policy', heading: 'Privacy Policy' },
  { name: 'terms', path: '/terms', heading: 'Terms and Conditions' },
  { name: 'developers', path: '/developers', heading: 'Meet the Developers' },
  { name: 'help', path: '/help', heading: 'How can we help?' },
  { name: 'login', path: '/login', heading: 'Welcome Back' },
  { name: 'signup', path: '/signup', heading: 'Create an Account' },
  { name: 'signup-government', path: '/signup', heading: 'Create an Account', tab: 'Government' },
  { name: 'not-found', path: '/no/such/page', heading: TEXTS.notFoundPage.title },
];

mkdirSync(SCREENSHOTS, { recursive: true });

for (const viewport of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
]) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const p of PAGES) {
      test(`${p.name} renders without horizontal overflow`, async ({ page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
        if (p.tab) await page.getByRole('tab', { name: p.tab }).click();
        await expect(page.getByRole('contentinfo')).toContainText(`© ${UI.footerYear} CivicPulse`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${viewport.label}-${p.name}.png`), fullPage: true });
      });
    }
  });
}

test('landing page has the hero, mission, features, steps, testimonials and call to action', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section').first();
  await expect(hero.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  await expect(hero.getByRole('link', { name: 'Meet the Developers' })).toHaveAttribute('href', '/developers');
  // Addition (public reports): anyone can read the reports without an account.
  await expect(hero.getByRole('link', { name: 'Browse reports' })).toHaveAttribute('href', '/reports');
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  for (const feature of ['Instant Issue Reporting', 'Community-Driven Support', 'Real-Time Government Tracking']) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }
  for (const step of ['Post with Precision', 'Engage Your Community', 'Track Resolution']) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  await expect(page.locator('figure')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Join CivicPulse Today' })).toHaveAttribute('href', '/login');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('services lists the six services; policy and terms carry their dates and law', async ({ page }) => {
  await page.goto('/services');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(6);
  for (const name of [
    'Issue Reporting',
    'Live Status Tracking',
    'Geo-Tagging Support',
    'Government API Integration',
    'Community Voting',
    'Awareness Sharing',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await page.goto('/policy');
  await expect(page.getByText('Last updated: September 2025')).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByText(/governed by the laws of India/)).toBeVisible();
  await page.goto('/developers');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
});

test('footer has working quick links, contact details and social links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Connecting citizens with local authorities to build smarter, more responsive cities.')).toBeVisible();
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:/);
  await expect(footer.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(5);
  for (const [name, url, heading] of [
    ['About Us', '/about', 'Civic problems deserve visible answers'],
    ['Services', '/services', 'Everything you need to get local problems fixed'],
    ['Contact', '/contact', 'We would love to hear from you'],
    ['Privacy Policy', '/policy', 'Privacy Policy'],
    ['Terms & Conditions', '/terms', 'Terms and Conditions'],
    ['Help Center', '/help', 'How can we help?'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('footer service links lead somewhere useful for a visitor', async ({ page }) => {
  for (const [path, expected] of [
    ['/report', /\/login$/],
    ['/track', /\/login$/],
    ['/forum', /\/login$/],
    ['/updates', /\/$/],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(expected);
    await expect(page.getByRole('heading', { name: TEXTS.notFoundPage.title })).toHaveCount(0);
  }
});

test('footer service links open the citizen screens when signed in', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen);
  // The feed first: a click while Home is still choosing its screen can land on a footer being replaced.
  await expect(page.getByRole('heading', { level: 1, name: 'Community Posts' })).toBeVisible();
  for (const [name, url, heading] of [
    ['Report an Issue', '/user/dashboard/createPost', 'Create Civic Issue'],
    ['Track Complaints', '/user/dashboard/userPosts', 'My Issues'],
    ['Discussion Forum', '/user/dashboard/communityChat', 'Community Chat'],
    ['Community Updates', '/', 'Community Posts'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${url.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('not-found page shows the spec texts and takes the visitor home', async ({ page }) => {
  await page.goto('/this/road/does/not/exist');
  const t = TEXTS.notFoundPage;
  await expect(page.getByRole('main').locator('p').getByText(t.code, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await expect(page.getByText(t.body)).toBeVisible();
  await page.getByRole('link', { name: t.action }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.goto('/');
  // Wait for the lazy-loaded landing page, so the document is long enough to scroll.
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page moved right after it loaded stays where it was moved to', async ({ page }) => {
  // A fresh load starts at the top: nothing to scroll back, so a scroll right after it (a test's
  // scrollIntoView, a script's, the reader dragging the scroll bar) is not undone a moment later. It was:
  // the "Not fixed yet" click of polish-details.spec landed while the page glided back to the top.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
});

test('contact form validates, then sends the message to the server', async ({ page }) => {
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact') && r.method() === 'POST') posted += 1;
  });
  await page.goto('/contact');
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('textbox', { name: 'Message' }).fill('The park lights on 5th Cross are off every night.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invalid email address' })).toBeVisible();
  expect(posted).toBe(0);

  await page.getByLabel('Email').fill('meera@example.com');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  const response = await answer;
  const body = (await response.json()) as { message: string };
  expect(response.ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: body.message })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});
