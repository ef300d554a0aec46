/**
 * Email in the browser (issue 27 items 3 and 4): the pages a mailed link opens and Settings' email
 * section, at a desktop's 1280 px and a phone's 390 px. The e2e server has no SMTP server, so it writes
 * every email to DATA_DIR/outbox/<id>.eml (global setup hands DATA_DIR over as E2E_DATA_DIR); the tests
 * read the newest message to an address from there, parse it as a mail program would, and open its link.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, LOGIN_LINKS_UI, NOTIFICATION_KINDS, NOTIFICATION_LABELS, SETTINGS_TEXTS, TEXTS } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  budget,
  createPostViaApi,
  expect,
  loginToken,
  noSidewaysScroll,
  signupUser,
  test,
  toast,
  uniqueEmail,
  verifiedDepartmentToken,
  type Account,
} from '../support/fixtures';

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/**
 * The link (path and query, without the server's origin) in the newest email to `address` that has
 * one starting with `page` ('/verify-email', '/reset-password', '/unsubscribe'); null while none has.
 */
async function newestLink(address: string, page: string): Promise<string | null> {
  const names = await readdir(outbox()).catch(() => [] as string[]);
  const files = await Promise.all(
    names.filter((n) => n.endsWith('.eml')).map(async (n) => ({ file: path.join(outbox(), n), at: (await stat(path.join(outbox(), n))).mtimeMs })),
  );
  files.sort((a, b) => b.at - a.at);
  const pattern = new RegExp(`https?://[^\\s"<>]+(${page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?[^\\s"<>]+)`);
  for (const { file } of files) {
    const raw = await readFile(file);
    // Other tests' mail shares the folder: parse only what may be for this address.
    if (!raw.includes(address)) continue;
    const mail = await simpleParser(raw);
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((t) => t.value.map((v) => v.address?.toLowerCase()));
    if (!to.includes(address.toLowerCase())) continue;
    const found = pattern.exec(mail.text ?? '');
    if (found?.[1]) return found[1];
  }
  return null;
}

/** Waits for the email (the sender works its queue in the background) and answers its link. */
async function mailedLink(address: string, page: string, not?: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = await newestLink(address, page);
        return link !== null && link !== not;
      },
      { timeout: budget(15_000), message: `an email to ${address} with a ${page} link` },
    )
    .toBe(true);
  return link as unknown as string;
}

/** The server's settings of an account. */
async function settingsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/account/settings', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { emailPrefs: Record<string, string>; emailVerified: boolean };
}

/** Signs the page in with the login form (a real session, as after following a link to log in). */
async function logInThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, TEXTS.success.userLoggedIn)).toBeVisible();
}

function outcome(page: Page) {
  return page.getByTestId('email-link-outcome');
}

const emailSection = (page: Page) => page.getByRole('region', { name: ACCOUNT_EMAIL_UI.emailHeading, exact: true });

for (const viewport of [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
]) {
  test.describe(`email at ${viewport.label} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.skip(!process.env.E2E_DATA_DIR, 'reads the e2e server outbox (not available with E2E_BASE_URL)');

    test('a citizen who signs up verifies the address from the email, and Settings says so', async ({ page, request }) => {
      const account: Account = { role: 'user', name: 'Meera Joshi', email: uniqueEmail('verify'), password: 'secret123' };
      await page.goto('/signup');
      await page.getByLabel('Full Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(toast(page, TEXTS.success.userRegistered)).toBeVisible();
      // Signing up signs in (issue 30); the link is opened here signed out, as from another device.
      await expect(page).toHaveURL(/\/$/);
      await page.evaluate(() => localStorage.removeItem('token'));

      const link = await mailedLink(account.email, '/verify-email');
      expect(link).toMatch(/^\/verify-email\?token=[\w-]+$/);
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/auth/verify-email')) posts += 1;
      });
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: ACCOUNT_EMAIL_UI.verifyHeading })).toBeVisible();
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.emailVerified);
      await expect(outcome(page)).toHaveAttribute('data-ok', 'true');
      await expect(page).toHaveTitle(new RegExp(ACCOUNT_EMAIL_UI.verifyHeading));
      await noSidewaysScroll(page);
      // Opened once, posted once (the link works only once).
      expect(posts).toBe(1);
      // Signed out: Continue goes to the login page.
      await page.getByRole('link', { name: ACCOUNT_EMAIL_UI.continue }).click();
      await expect(page).toHaveURL(/\/login$/);

      await logInThroughForm(page, account);
      await page.goto('/user/dashboard/settings');
      await expect(emailSection(page).getByTestId('email-verified')).toHaveText(ACCOUNT_EMAIL_UI.verifiedYes);
      await expect(emailSection(page).getByRole('button', { name: ACCOUNT_EMAIL_UI.resend })).toHaveCount(0);
      expect((await settingsOf(request, await loginToken(request, account))).emailVerified).toBe(true);

      // The same link again, signed in: refused, and Continue goes to the feed.
      await page.goto(link);
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.linkInvalid);
      await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_EMAIL_TEXTS.linkInvalid })).toBeVisible();
      await expect(page.getByRole('link', { name: ACCOUNT_EMAIL_UI.continue })).toHaveAttribute('href', '/');

      // A link without its token says so without asking the server.
      await page.goto('/verify-email');
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.tokenMissing);
    });

    test('forgot password from the login page: the emailed link sets a new password, once', async ({ page, request }) => {
      const account = await signupUser(request, { email: uniqueEmail('reset') });
      await page.goto('/login');
      await page.getByRole('link', { name: LOGIN_LINKS_UI.forgotPassword }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { level: 1, name: ACCOUNT_EMAIL_UI.forgotHeading })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(ACCOUNT_EMAIL_UI.forgotHeading));

      // The address is checked before anything is sent.
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.sendLink }).click();
      await expect(page.getByLabel(ACCOUNT_EMAIL_UI.emailLabel)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(ACCOUNT_EMAIL_UI.emailLabel)).toBeFocused();

      await page.getByLabel(ACCOUNT_EMAIL_UI.emailLabel).fill(account.email);
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.sendLink }).click();
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.resetSent);
      await expect(toast(page, ACCOUNT_EMAIL_TEXTS.resetSent)).toBeVisible();
      await noSidewaysScroll(page);
      await expect(page.getByRole('link', { name: ACCOUNT_EMAIL_UI.backToLogin })).toHaveAttribute('href', '/login');

      const link = await mailedLink(account.email, '/reset-password');
      expect(link).toMatch(/^\/reset-password\?token=[\w-]+$/);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: ACCOUNT_EMAIL_UI.resetHeading })).toBeVisible();
      const submit = page.getByRole('button', { name: ACCOUNT_EMAIL_UI.savePassword });
      await page.getByLabel(ACCOUNT_EMAIL_UI.newPassword, { exact: true }).fill('brand-new-1');
      await page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword).fill('brand-new-2');
      await submit.click();
      await expect(page.getByTestId('field-error')).toHaveText(ACCOUNT_EMAIL_UI.passwordsDiffer);
      await expect(page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword)).toHaveAttribute('aria-invalid', 'true');
      await noSidewaysScroll(page);

      await page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword).fill('brand-new-1');
      await submit.click();
      await expect(toast(page, ACCOUNT_EMAIL_TEXTS.passwordReset)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      // The old password no longer works; the new one does.
      const old = await request.post('/api/user/login', { data: { email: account.email, password: account.password } });
      expect(old.ok()).toBe(false);
      await logInThroughForm(page, { ...account, password: 'brand-new-1' });

      // The link worked once: the second time it is refused, with the way to a new one.
      await page.goto(link);
      await page.getByLabel(ACCOUNT_EMAIL_UI.newPassword, { exact: true }).fill('another-one-3');
      await page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword).fill('another-one-3');
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.savePassword }).click();
      await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_EMAIL_TEXTS.linkInvalid })).toBeVisible();
      await page.getByRole('link', { name: ACCOUNT_EMAIL_UI.askAgain }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);

      // Without a token the page says the link is incomplete.
      await page.goto('/reset-password');
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.tokenMissing);
      await expect(page.getByLabel(ACCOUNT_EMAIL_UI.newPassword, { exact: true })).toHaveCount(0);
    });

    test('Settings: each kind is emailed as chosen, and an unverified address gets a new link', async ({ page, request, citizen, loginAs }) => {
      const token = await loginAs(citizen, '/user/dashboard/settings');
      const section = emailSection(page);
      await expect(section.getByRole('heading', { name: ACCOUNT_EMAIL_UI.emailHeading })).toBeVisible();
      await expect(section.getByText(ACCOUNT_EMAIL_UI.emailIntro)).toBeVisible();
      await expect(section.getByTestId('email-verified')).toHaveText(ACCOUNT_EMAIL_UI.verifiedNo);

      // One labelled choice per kind a citizen gets (new reports in an area and service levels are a department's).
      const comments = section.getByLabel(NOTIFICATION_LABELS.comments, { exact: true });
      await expect(comments).toHaveValue('daily');
      await expect(section.getByRole('combobox')).toHaveCount(NOTIFICATION_KINDS.filter((k) => k !== 'newReports' && k !== 'serviceLevels').length);
      await expect(section.getByLabel(NOTIFICATION_LABELS.newReports, { exact: true })).toHaveCount(0);
      await expect(comments.locator('option')).toHaveText(Object.values(ACCOUNT_EMAIL_UI.frequencies));
      await noSidewaysScroll(page);

      await comments.selectOption({ label: ACCOUNT_EMAIL_UI.frequencies.off });
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, SETTINGS_TEXTS.settingsSaved)).toBeVisible();
      expect((await settingsOf(request, token)).emailPrefs.comments).toBe('off');
      await page.reload();
      await expect(emailSection(page).getByLabel(NOTIFICATION_LABELS.comments, { exact: true })).toHaveValue('off');
      // The other kinds kept their defaults.
      await expect(emailSection(page).getByLabel(NOTIFICATION_LABELS.progress, { exact: true })).toHaveValue('immediately');

      const before = await mailedLink(citizen.email, '/verify-email');
      await emailSection(page).getByRole('button', { name: ACCOUNT_EMAIL_UI.resend }).click();
      await expect(toast(page, ACCOUNT_EMAIL_TEXTS.verificationSent)).toBeVisible();
      // A fresh link, not the one sent at sign-up.
      const link = await mailedLink(citizen.email, '/verify-email', before);
      await page.goto(link);
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.emailVerified);
      await expect(page.getByRole('link', { name: ACCOUNT_EMAIL_UI.continue })).toHaveAttribute('href', '/');
      await page.goto('/user/dashboard/settings');
      await expect(emailSection(page).getByTestId('email-verified')).toHaveText(ACCOUNT_EMAIL_UI.verifiedYes);
    });

    test('unsubscribe: a bad link is refused; the link of an update email stops that kind', async ({ page, request }) => {
      await page.goto('/unsubscribe?t=not-a-real-token');
      await expect(page.getByRole('heading', { level: 1, name: ACCOUNT_EMAIL_UI.unsubscribeHeading })).toBeVisible();
      await expect(page.getByText(ACCOUNT_EMAIL_UI.unsubscribeIntro)).toBeVisible();
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.unsubscribeButton }).click();
      await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_EMAIL_TEXTS.linkInvalid })).toBeVisible();
      await noSidewaysScroll(page);

      await page.goto('/unsubscribe');
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.tokenMissing);
      await expect(page.getByRole('button', { name: ACCOUNT_EMAIL_UI.unsubscribeButton })).toHaveCount(0);

      // A verified citizen whose report a department takes over gets an email right away.
      const citizen = await signupUser(request, { email: uniqueEmail('unsub') });
      const verifyLink = await mailedLink(citizen.email, '/verify-email');
      const verified = await request.post('/api/auth/verify-email', { data: { token: new URLSearchParams(verifyLink.split('?')[1]).get('token') } });
      expect(verified.status(), await verified.text()).toBe(200);
      const token = await loginToken(request, citizen);
      const postId = await createPostViaApi(request, token, { caption: 'Open manhole on the footpath' });
      const department = await verifiedDepartmentToken(request);
      const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${department}` } });
      expect(moved.status(), await moved.text()).toBe(200);

      const link = await mailedLink(citizen.email, '/unsubscribe');
      await page.goto(link);
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.unsubscribeButton }).click();
      await expect(outcome(page)).toHaveText(ACCOUNT_EMAIL_TEXTS.unsubscribed);
      await expect(outcome(page)).toBeFocused();
      await expect(page.getByRole('button', { name: ACCOUNT_EMAIL_UI.unsubscribeButton })).toHaveCount(0);
      expect((await settingsOf(request, token)).emailPrefs.progress).toBe('off');
    });
  });
}
