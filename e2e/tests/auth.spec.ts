import { TEXTS } from '@civicpulse/shared';
import { adminAccount, expect, NOT_A_DOCUMENT, PROOF_PNG, storedToken, test, toast, uniqueEmail } from '../support/fixtures';
import type { Page } from '@playwright/test';

/** Holds the next call to `path` until the returned function is called, to observe the busy state. */
async function holdRequest(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(path)) count += 1;
  });
  return () => count;
}

test.describe('signup', () => {
  test('has two tabs, User by default', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText('Select your signup type to begin')).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['User', 'Government']);
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
  });

  // Issue 30: a signup signs the new account in and goes where Login goes (polish-forms.spec.ts has the rest).
  test('a citizen signs up through the form and is signed in', async ({ page }) => {
    const email = uniqueEmail('ui.citizen');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Kiran Das');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    const release = await holdRequest(page, '/api/user/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    release();
    await expect(toast(page, TEXTS.success.userRegistered)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => storedToken(page)).not.toBeNull();
  });

  test('citizen signup checks the fields before sending', async ({ page }) => {
    const posts = countPosts(page, '/api/user/signup');
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign Up' });
    await submit.click();
    await expect(toast(page, TEXTS.validation.fillAllFields)).toBeVisible();
    await page.getByLabel('Full Name').fill('Kiran Das');
    await page.getByLabel('Email').fill('kiran@');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await submit.click();
    await expect(toast(page, TEXTS.validation.invalidEmailAddress)).toBeVisible();
    await page.getByLabel('Email').fill('kiran@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await submit.click();
    await expect(toast(page, TEXTS.validation.passwordTooShort)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret124');
    await submit.click();
    await expect(toast(page, TEXTS.validation.passwordsDoNotMatch)).toBeVisible();
    expect(posts()).toBe(0);
  });

  test('a duplicate email shows the server message', async ({ page, citizen }) => {
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(citizen.email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.auth.emailTaken)).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('Someone Else');
  });

  test('a department signs up with a proof document; other file types are refused', async ({ page }) => {
    const posts = countPosts(page, '/api/gov/signup');
    await page.goto('/signup');
    await page.getByRole('tab', { name: 'Government' }).click();
    await expect(page.getByRole('tab', { name: 'Government' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Department').fill('Bruhat Bengaluru Mahanagara Palike');
    await page.getByLabel('Official Email').fill(uniqueEmail('ui.bbmp'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByLabel('Phone').fill('98765');
    await page.getByLabel('City').fill('Bengaluru');

    const proof = page.getByLabel('Proof Document');
    await proof.setInputFiles(NOT_A_DOCUMENT);
    await expect(toast(page, TEXTS.validation.proofDocType)).toBeVisible();
    await expect(page.getByText('Selected:')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.validation.fillRequiredFields)).toBeVisible();

    await proof.setInputFiles(PROOF_PNG);
    await expect(page.getByText('Selected: proof.png')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.validation.phoneDigits)).toBeVisible();
    expect(posts()).toBe(0);

    await page.getByLabel('Phone').fill('9876543210');
    const release = await holdRequest(page, '/api/gov/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    release();
    await expect(toast(page, TEXTS.success.governmentRegistered)).toBeVisible();
    expect(posts()).toBe(1);
    // Issue 30: signed in, on its dashboard, which says it waits for an admin's verification.
    await expect(page).toHaveURL(/\/government\/dashboard$/);
    await expect(page.getByTestId('pending-verification')).toBeVisible();
  });
});

test.describe('login', () => {
  test('has three tabs, User by default, and a top-right toaster', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Select your login role to continue')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['User', 'Government', 'Admin']);
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Login' }).click();
    const message = toast(page, TEXTS.validation.fillAllFields);
    await expect(message).toBeVisible();
    const box = await message.boundingBox();
    expect(box && box.x > 1280 / 2).toBe(true);
    // Arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'User' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Government' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Official Email')).toBeVisible();
  });

  test('a citizen logs in through the form and lands on the feed', async ({ page, citizen }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(citizen.email);
    await page.getByLabel('Password').fill(citizen.password);
    const release = await holdRequest(page, '/api/user/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await expect(toast(page, TEXTS.success.userLoggedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Community Posts' })).toBeVisible();
    // The feed has loaded: empty on a fresh server, or other tests' reports (the suite shares one server).
    await expect(page.getByText(TEXTS.empty.posts).or(page.getByTestId('post-card').first())).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    expect(await storedToken(page)).toBeTruthy();
  });

  test('a wrong password shows the server message and keeps the visitor signed out', async ({ page, citizen }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(citizen.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test("a locked account's refusal shows the server's wait, even for the right password", async ({ page, request, citizen }) => {
    // Issue 25: five wrong guesses at one account (from anywhere) lock it for a minute.
    for (let i = 0; i < 5; i++) {
      const guess = await request.post('/api/user/login', { data: { email: citizen.email, password: `wrong-${i}` } });
      expect(guess.status()).toBe(i < 4 ? 401 : 429);
    }
    await page.goto('/login');
    await page.getByLabel('Email').fill(citizen.email);
    await page.getByLabel('Password').fill(citizen.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.accountLockedMinute)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a department logs in through the Government tab', async ({ page, department }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Government' }).click();
    await page.getByLabel('Official Email').fill(department.email);
    await page.getByLabel('Password').fill(department.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.success.governmentLoggedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/government/dashboard',
    );
  });

  test('a government login answered with a non-government token is refused', async ({ page, request, citizen }) => {
    const userLogin = await request.post('/api/user/login', { data: { email: citizen.email, password: citizen.password } });
    const { token } = (await userLogin.json()) as { token: string };
    // The client-side rule of spec 5, whatever the server answers: the token's role must be government.
    await page.route('**/api/gov/login', (route) => route.fulfill({ status: 200, json: { token } }));
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Government' }).click();
    await page.getByLabel('Official Email').fill(citizen.email);
    await page.getByLabel('Password').fill(citizen.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.notGovernment)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('the admin logs in with the secret key', async ({ page }) => {
    const admin = adminAccount();
    const posts = countPosts(page, '/api/admin/login');
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.validation.fillAllFieldsAdmin)).toBeVisible();
    expect(posts()).toBe(0);

    await page.getByLabel('Secret Key').fill('not-the-secret');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.auth.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Secret Key').fill(admin.secretKey ?? '');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, TEXTS.success.adminLoggedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hello Admin' })).toBeVisible();
  });
});
