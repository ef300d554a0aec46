/**
 * First-use polish of the forms: Create Civic Issue holds Submit while photos are being prepared and,
 * offline on a phone, brings "Waiting to send" into view with a toast; Indian phone numbers and pincodes
 * as people write them; a signup signs the new account in, a department is told it waits for an admin's
 * verification, and error toasts of earlier attempts go.
 */
import path from 'node:path';
import { CREATE_POST_UI, DASHBOARD_PATH, GOV_UI, MY_POSTS_UI, POST_TEXTS, POST_UI, REOPEN_UI, TEXTS, decodeTokenClaims } from '@civicpulse/shared';
import type { BrowserContext, Page } from '@playwright/test';
import { create } from '../../apps/web/src/i18n/locales/en/create';
import { toVerification } from '../support/team';
import { budget, createPostViaApi, expect, loginToken, PROOF_PNG, SCREENSHOTS, shootBoth, signIn, storedToken, test, toast, uniqueEmail, verifiedDepartmentToken } from '../support/fixtures';
import { seriousViolationsSettled } from '../support/axe';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

async function stubTiles(context: BrowserContext): Promise<void> {
  await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
}

/** Everything of Create Civic Issue but the photo; `pincode` as typed. */
async function fillAllButPhoto(page: Page, caption: string, pincode = '411005'): Promise<void> {
  await page.getByLabel(POST_UI.caption).fill(caption);
  await page.getByLabel(POST_UI.state).selectOption('Maharashtra');
  await page.getByLabel(POST_UI.landmark).fill('Opposite City Library');
  await page.getByLabel(POST_UI.address).fill('14 FC Road, Shivajinagar, Pune');
  await page.getByLabel(POST_UI.pincode).fill(pincode);
  await page.locator('.leaflet-container').click();
  await expect(page.getByTestId('picked-coordinates')).toHaveText(/^Latitude /);
}

/**
 * The photo's decoding (lib/resizeImage: createImageBitmap) waits until openPhotoGate(), so the moment
 * between picking and the thumbnail lasts as long as the test needs.
 */
async function gatePhotos(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { createImageBitmap: typeof createImageBitmap; openPhotoGate?: () => void };
    const original = w.createImageBitmap.bind(window);
    const gate = new Promise<void>((resolve) => (w.openPhotoGate = resolve));
    w.createImageBitmap = (async (...args: Parameters<typeof createImageBitmap>) => {
      await gate;
      return original(...args);
    }) as typeof createImageBitmap;
  });
}

const openPhotoGate = (page: Page) => page.evaluate(() => (window as unknown as { openPhotoGate: () => void }).openPhotoGate());

test('Submit pressed while a photo is being prepared waits for it ("Preparing photos…"), then sends the report', async ({ page, context, request, citizen }) => {
  test.setTimeout(budget(90_000));
  await gatePhotos(page);
  await stubTiles(context);
  await signIn(page, await loginToken(request, citizen), '/user/dashboard/createPost');
  const caption = `Garbage heap near the bus depot ${Date.now().toString(36)}`;
  await fillAllButPhoto(page, caption);
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'heap.png', mimeType: 'image/png', buffer: roadPhotoPng(1200, 900) }]);
  await expect(page.getByText(create.photos.preparing_one.replace('{{count}}', '1'))).toBeVisible();

  await page.getByRole('button', { name: POST_UI.submit }).click();
  const held = page.getByRole('button', { name: CREATE_POST_UI.preparingPhotos });
  await expect(held).toBeVisible();
  await expect(held).toBeDisabled();
  await expect(page.getByTestId('create-held')).toHaveText(CREATE_POST_UI.preparingHeld);
  // Not the old "no photo" answer, as a toast or next to the picker.
  await page.waitForTimeout(500);
  await expect(toast(page, TEXTS.validation.imageRequired)).toHaveCount(0);
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-create-preparing', page.locator('form'));

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/createPost'));
  await openPhotoGate(page);
  expect((await answered).status()).toBe(201);
  await expect(toast(page, POST_TEXTS.created)).toBeVisible();
  await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/);
  await expect(page.getByRole('article', { name: caption })).toBeVisible();
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a report submitted offline brings "Waiting to send" into view, with a toast and the focus', async ({ page, context, request, citizen }) => {
    test.setTimeout(budget(90_000));
    await stubTiles(context);
    await signIn(page, await loginToken(request, citizen), '/user/dashboard/createPost');
    await fillAllButPhoto(page, `Broken footpath slab ${Date.now().toString(36)}`);
    await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'slab.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
    await expect(page.getByTestId('create-previews').locator('li')).toHaveCount(1);

    await context.setOffline(true);
    try {
      const submit = page.getByRole('button', { name: POST_UI.submit });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const waiting = page.getByTestId('waiting-to-send');
      await expect(waiting.getByRole('heading', { name: create.outbox.waitingHeading })).toBeVisible();
      await expect(waiting).toBeInViewport({ ratio: 0.9 });
      // Not under the sticky header either: its heading is where a person looks.
      const headerBottom = await page.locator('header').first().evaluate((h) => h.getBoundingClientRect().bottom);
      // The page scrolls smoothly (index.css): the notice's place is read once the scroll has ended.
      await expect.poll(() => waiting.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
      await expect(toast(page, CREATE_POST_UI.savedOffline)).toBeVisible();
      await expect(waiting).toBeFocused();
      expect(await seriousViolationsSettled(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'polish-offline-waiting-viewport-390.png') });
      await shootBoth(page, 'polish-offline-waiting');
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('Indian numbers', () => {
  test("a report's pincode must be six digits not starting with 0, said next to the field", async ({ page, context, request, citizen }) => {
    test.setTimeout(budget(60_000));
    await stubTiles(context);
    await signIn(page, await loginToken(request, citizen), '/user/dashboard/createPost');
    await fillAllButPhoto(page, 'Leaking water main', '011005');
    await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'leak.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
    await expect(page.getByTestId('create-previews').locator('li')).toHaveCount(1);
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/user/createPost')) sent += 1;
    });
    await page.getByRole('button', { name: POST_UI.submit }).click();
    await expect(toast(page, TEXTS.validation.pincodeFormat)).toBeVisible();
    const pincode = page.getByLabel(POST_UI.pincode);
    await expect(pincode).toHaveAttribute('aria-invalid', 'true');
    await expect(pincode).toBeFocused();
    expect(sent).toBe(0);
  });
});

test.describe('signup', () => {
  test('a citizen who signs up is signed in and lands on the feed; the earlier error toast goes', async ({ page }) => {
    // The feed it lands on holds every report other specs filed; the screenshots scroll all of it.
    test.setTimeout(budget(90_000));
    const email = uniqueEmail('polish.citizen');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Nisha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret124');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const mismatch = toast(page, TEXTS.validation.passwordsDoNotMatch);
    await expect(mismatch).toBeVisible();

    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.success.userRegistered)).toBeVisible();
    await expect(mismatch).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    const token = await storedToken(page);
    expect(decodeTokenClaims(token ?? '')).toMatchObject({ role: 'user', email });
    // Signed in: the header offers the account's dashboard, not Login.
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await shootBoth(page, 'polish-signup-done');
  });

  test('a department with a landline signs up, is signed in, and is told it waits for an admin', async ({ page, request }) => {
    const email = uniqueEmail('polish.dept');
    await page.goto('/signup');
    await page.getByRole('tab', { name: 'Government' }).click();
    await page.getByLabel('Department').fill('Pune Storm Water Drains');
    await page.getByLabel('Official Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByLabel('City').fill('Pune');
    await page.getByLabel('Proof Document').setInputFiles(PROOF_PNG);
    // A landline without its STD code's 0 is refused with the reason, next to the field.
    await page.getByLabel('Phone').fill('2025501000');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const refused = toast(page, TEXTS.validation.phoneFormat);
    await expect(refused).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Phone').fill('020 2550 1000');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.success.governmentRegistered)).toBeVisible();
    await expect(refused).toHaveCount(0);
    await expect(page).toHaveURL(/\/government\/dashboard$/);
    const pending = page.getByTestId('pending-verification');
    await expect(pending.getByRole('heading', { name: GOV_UI.pendingTitle })).toBeVisible();
    await expect(pending).toContainText(GOV_UI.pendingBody);
    expect(await seriousViolationsSettled(page)).toEqual([]);
    // Stored normalised.
    const token = (await storedToken(page)) ?? '';
    const id = decodeTokenClaims(token)?.id;
    const profile = await request.get(`/api/gov/profile/government/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(200);
    expect(((await profile.json()) as { phone: string }).phone).toBe('+912025501000');
    await shootBoth(page, 'polish-signup-department');
  });

  test('when the sign-in after signup fails, Login opens with the email filled in on the right tab', async ({ page }) => {
    const email = uniqueEmail('polish.fallback');
    await page.route('**/api/user/login', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) }));
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Arjun Mehta');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, TEXTS.success.userRegistered)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(await storedToken(page)).toBeNull();
  });

  test("an error toast from the login page does not follow the person to the signup page", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const wrong = toast(page, TEXTS.auth.invalidCredentials);
    await expect(wrong).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: /sign up/i }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(wrong).toHaveCount(0);
  });
});

test('"Not fixed yet" pressed while its photo is being prepared waits for it, then sends the photo with the reason', async ({ page, request, citizen }) => {
  test.setTimeout(budget(90_000));
  await gatePhotos(page);
  const token = await loginToken(request, citizen);
  const caption = `Broken bench in the park ${Date.now().toString(36)}`;
  const postId = await createPostViaApi(request, token, { caption });
  await toVerification(request, await verifiedDepartmentToken(request), postId);
  await signIn(page, token, `${DASHBOARD_PATH.user}/userPosts`);
  const card = page.getByTestId('post-card').filter({ has: page.getByRole('heading', { name: caption, exact: true }) });
  await card.getByRole('button', { name: MY_POSTS_UI.notFixed }).click();
  await card.getByLabel(MY_POSTS_UI.reasonLabel).fill('The bench is still broken');
  await card.getByLabel(REOPEN_UI.reopenPhotos).setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: roadPhotoPng(800, 600) });
  await card.getByRole('button', { name: MY_POSTS_UI.sendReason }).click();
  await expect(card.getByTestId('reopen-held')).toHaveText(CREATE_POST_UI.preparingPhotos);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes(`/api/user/rejectResolution/${postId}`)) sent++;
  });
  await page.waitForTimeout(500);
  expect(sent).toBe(0);

  const answered = page.waitForResponse((r) => r.url().includes(`/api/user/rejectResolution/${postId}`));
  await openPhotoGate(page);
  expect((await answered).status()).toBe(200);
  await expect(toast(page, POST_TEXTS.rejected)).toBeVisible();
  // Sent with its photo: the reporter's photo is on the turned-down proof.
  await expect(card.getByTestId('rejected-proof').getByRole('list', { name: REOPEN_UI.reporterPhotos }).locator('img')).toHaveCount(1);
});

test("a department's final update pressed while its photo is being prepared waits for it, then goes", async ({ page, request, citizen }) => {
  test.setTimeout(budget(90_000));
  await gatePhotos(page);
  const caption = `Pothole by the school gate ${Date.now().toString(36)}`;
  const postId = await createPostViaApi(request, await loginToken(request, citizen), { caption });
  const gov = await verifiedDepartmentToken(request);
  // To Work Near Completion: the next Advance opens the final update.
  for (let i = 0; i < 4; i++) {
    const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${gov}` } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await signIn(page, gov, `${DASHBOARD_PATH.government}/viewProgress`);
  const mine = page.locator(`[data-post-id="${postId}"]`);
  await mine.getByRole('button', { name: GOV_UI.advance }).click();
  const form = mine.getByRole('form', { name: GOV_UI.finalFormTitle });
  await form.getByLabel(GOV_UI.finalCaption).fill('Pothole filled and the lane resurfaced');
  await form.getByLabel(GOV_UI.finalImages).setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: roadPhotoPng(800, 600) });
  await mine.getByRole('button', { name: GOV_UI.submitFinal }).click();
  await expect(form.getByTestId('final-held')).toHaveText(CREATE_POST_UI.preparingPhotos);
  // Not the "at least one photo" refusal for a photo on its way.
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(toast(page, POST_TEXTS.finalImagesRequired)).toHaveCount(0);

  const answered = page.waitForResponse((r) => r.url().includes(`/api/gov/updateFinalWork/${postId}`));
  await openPhotoGate(page);
  expect((await answered).status()).toBe(200);
  await expect(toast(page, POST_TEXTS.finalSubmitted)).toBeVisible();
  await expect(mine.getByTestId('final-proof')).toContainText('Pothole filled and the lane resurfaced');
});
