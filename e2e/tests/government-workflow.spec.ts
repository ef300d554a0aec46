/**
 * Issue 6, the department workflow in the browser: an admin verifies a department (API), a citizen reports
 * (API), the department takes the report over in View Issues, advances it in View Progress, submits the final
 * proof with a photo, the citizen confirms (API), and the post ends Resolved with its timeline and one
 * resolved issue counted. Also: a pending department's banner and disabled take-over, and the three lists
 * at 1280 px and 390 px.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { GOV_UI, POST_TEXTS, POST_UI, TEAM_UI, TEXTS } from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  noSidewaysScroll,
  SCREENSHOTS,
  shoot,
  signIn,
  signupGovernment,
  signupUser,
  test,
  toast,
  type Account,
} from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

const ISSUE = { lat: 19.0269, lng: 72.8383 };
const LOCATION = {
  state: 'Maharashtra',
  landmark: 'Near Shivaji Park gate',
  address: 'Senapati Bapat Marg, Dadar West',
  pincode: '400028',
  coordinates: ISSUE,
};

// ---- a real picture without an image library: an RGB PNG with a soft gradient ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const REPORT_PHOTO = gradientPng(640, 400, [120, 113, 108], [68, 64, 60]);
const DONE_PHOTO = gradientPng(640, 400, [20, 120, 110], [200, 230, 220]);

// ---- API helpers ----

function idOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id?: string };
  if (!claims.id) throw new Error('token without an id claim');
  return claims.id;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function verifyDepartment(request: APIRequestContext, departmentToken: string): Promise<void> {
  const adminToken = await loginToken(request, adminAccount());
  const res = await request.put(`/api/admin/verifyGovernment/${idOf(departmentToken)}`, { headers: bearer(adminToken) });
  expect(res.status(), await res.text()).toBe(200);
}

async function report(
  request: APIRequestContext,
  citizenToken: string,
  caption: string,
  priority: 'Low' | 'Medium' | 'High' | 'Critical' = 'High',
): Promise<string> {
  return createPostViaApi(request, citizenToken, { caption, priority, location: LOCATION, photo: { name: 'pothole.png', buffer: REPORT_PHOTO } });
}

async function advance(request: APIRequestContext, token: string, postId: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(token) });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function finalUpdate(request: APIRequestContext, token: string, postId: string): Promise<void> {
  const res = await request.put(`/api/gov/updateFinalWork/${postId}`, {
    headers: bearer(token),
    multipart: {
      finalCaption: 'Pothole filled and the lane resurfaced',
      images: { name: 'done.png', mimeType: 'image/png', buffer: DONE_PHOTO },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function citizenVerifies(request: APIRequestContext, token: string, postId: string): Promise<void> {
  const res = await request.put(`/api/user/verifyPost/${postId}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
}

async function govMe(request: APIRequestContext, token: string) {
  const res = await request.get('/api/gov/me', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { isVerified: boolean; resolvedIssuesCount: number };
}

async function verifiedDepartment(request: APIRequestContext, name: string): Promise<{ account: Account; token: string }> {
  const account = await signupGovernment(request, { name });
  const token = await loginToken(request, account);
  await verifyDepartment(request, token);
  return { account, token };
}

function card(page: Page, postId: string) {
  return page.locator(`[data-post-id="${postId}"]`);
}

/** The card's progress as read: its Progress row, or its Status row when the card says the word once (an untouched report). */
function progressOf(page: Page, postId: string) {
  return card(page, postId).locator(PROGRESS_AS_READ);
}
const PROGRESS_AS_READ =
  "xpath=(.//dt[starts-with(normalize-space(), 'Progress')] | .//dt[starts-with(normalize-space(), 'Status')][not(ancestor::dl[1]//dt[starts-with(normalize-space(), 'Progress')])])/following-sibling::dd[1]";

const G = '/government/dashboard';

// ---- tests ----

test.describe('a verified department', () => {
  test.use({ geolocation: { latitude: 19.0176, longitude: 72.8562 }, permissions: ['geolocation'] });

  test('takes a report over, advances it, submits final proof, and it ends Resolved with its timeline', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(150_000));
    const citizen = await signupUser(request, { name: 'Asha Verma' });
    const citizenToken = await loginToken(request, citizen);
    const { token: deptToken } = await verifiedDepartment(request, 'Roads Department');
    const caption = `Deep pothole near the bus stop ${Date.now().toString(36)}`;
    const postId = await report(request, citizenToken, caption, 'High');

    await signIn(page, deptToken, `${G}/viewPosts`);
    await expect(page.getByRole('heading', { level: 1, name: GOV_UI.viewIssuesHeading })).toBeVisible();
    await expect(page.getByTestId('pending-verification')).toHaveCount(0);
    const mine = card(page, postId);
    await expect(mine).toBeVisible();
    await expect(mine.getByText(citizen.email)).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Asha Verma' })).toBeVisible();
    await expect(mine.getByText('Senapati Bapat Marg, Dadar West', { exact: false })).toBeVisible();
    await expect(page.getByTestId('showing-count')).toHaveText(/^Showing \d+ of \d+ posts$/);

    // Filters: the priority filter makes a chip; removing the chip clears it; Clear Filters resets both.
    await page.getByLabel(GOV_UI.priorityFilter).selectOption('High');
    await expect(page.getByRole('button', { name: GOV_UI.removeFilter(GOV_UI.chipPriority('High')) })).toBeVisible();
    await expect(page).toHaveURL(/priority=High/);
    await expect(mine).toBeVisible();
    await page.getByLabel(GOV_UI.sortBy).selectOption('mostUpvotes');
    await expect(page.getByRole('button', { name: GOV_UI.removeFilter(GOV_UI.chipSort('Most Upvoted')) })).toBeVisible();
    await page.getByRole('button', { name: GOV_UI.removeFilter(GOV_UI.chipPriority('High')) }).click();
    await expect(page).not.toHaveURL(/priority=/);
    await page.getByRole('button', { name: GOV_UI.clearFilters }).click();
    await expect(page.getByRole('list', { name: GOV_UI.activeFilters })).toHaveCount(0);
    await page.getByLabel(GOV_UI.priorityFilter).selectOption('High');
    await expect(mine).toBeVisible();

    // The route map opens on demand; without a routing service it says the line is straight.
    await mine.getByRole('button', { name: GOV_UI.showRoute }).click();
    const route = mine.getByTestId('route-map');
    await expect(route.getByTestId('route-summary')).toContainText('straight line', { timeout: 15_000 });
    await expect(route.getByTestId('route-summary')).toContainText('km');
    await expect(route.getByRole('link', { name: GOV_UI.directionsLink })).toHaveAttribute('href', /openstreetmap\.org/);
    const box = await route.getByRole('region', { name: GOV_UI.routeMapLabel }).boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(400);
    await expect(route.locator('.leaflet-overlay-pane path')).toHaveCount(1);
    await expect(route.locator('.leaflet-marker-icon')).toHaveCount(2);
    await shoot(page, 'gov-view-issues-1280.png');

    // Go Back is disabled at Unseen; Advance takes the report over, once confirmed (Cancel changes nothing).
    await expect(mine.getByRole('button', { name: GOV_UI.goBack })).toBeDisabled();
    await expect(mine.getByText(GOV_UI.takeOverHint)).toBeVisible();
    await mine.getByRole('button', { name: GOV_UI.advance }).click();
    const confirmTake = page.getByRole('alertdialog', { name: TEAM_UI.takeOverTitle });
    await expect(confirmTake).toContainText(TEAM_UI.takeOverConfirm);
    // Focus starts on Cancel: a stray Enter takes nothing over.
    await page.keyboard.press('Enter');
    await expect(confirmTake).toHaveCount(0);
    await expect(progressOf(page, postId)).toHaveText('Open');
    await mine.getByRole('button', { name: GOV_UI.advance }).click();
    await confirmTake.getByRole('button', { name: TEAM_UI.takeOverYes }).click();
    await expect(toast(page, 'Progress updated to Problem Seen')).toBeVisible();
    await expect(mine).toHaveCount(0);

    // View Progress: step by step to Work Near Completion.
    await page.goto(`${G}/viewProgress`);
    await expect(page.getByRole('heading', { level: 1, name: GOV_UI.viewProgressHeading })).toBeVisible();
    await expect(page.getByTestId('showing-count')).toHaveText('Showing 1 of 1 posts');
    await expect(progressOf(page, postId)).toHaveText('Problem Seen');
    await expect(mine.getByRole('button', { name: GOV_UI.goBack })).toBeDisabled();
    for (const next of ['Verified', 'Work Started', 'Work Near Completion']) {
      await mine.getByRole('button', { name: GOV_UI.advance }).click();
      await expect(toast(page, `Progress updated to ${next}`)).toBeVisible();
      await expect(progressOf(page, postId)).toHaveText(next);
    }
    // Go Back works in the middle of the workflow, with the reason the reporter reads; and forward again.
    await mine.getByRole('button', { name: GOV_UI.goBack }).click();
    const back = page.getByRole('dialog', { name: TEAM_UI.goBackHeading });
    await back.getByRole('button', { name: TEAM_UI.goBackConfirm }).click();
    await expect(back.getByRole('alert')).toHaveText(TEAM_UI.goBackNeedsReason);
    await back.getByLabel(TEAM_UI.goBackReason).fill('Contractor found the drain collapsed further');
    await back.getByRole('button', { name: TEAM_UI.goBackConfirm }).click();
    await expect(toast(page, 'Progress moved back to Work Started')).toBeVisible();
    await expect(progressOf(page, postId)).toHaveText('Work Started');
    await expect(back).toHaveCount(0);
    await mine.getByRole('button', { name: GOV_UI.advance }).click();
    await expect(progressOf(page, postId)).toHaveText('Work Near Completion');

    // First click opens the final-update form; the second submits it.
    await expect(mine.getByText(GOV_UI.finalHint)).toBeVisible();
    await mine.getByRole('button', { name: GOV_UI.advance }).click();
    const form = mine.getByRole('form', { name: GOV_UI.finalFormTitle });
    await expect(form).toBeVisible();
    await expect(form.getByLabel(GOV_UI.finalCaption)).toBeFocused();
    // Opening the form submits nothing.
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(toast(page, POST_TEXTS.finalCaptionRequired)).toHaveCount(0);
    const submit = mine.getByRole('button', { name: GOV_UI.submitFinal });
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(POST_TEXTS.finalCaptionRequired);
    await form.getByLabel(GOV_UI.finalCaption).fill('Pothole filled and the lane resurfaced');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(POST_TEXTS.finalImagesRequired);
    await form.getByLabel(GOV_UI.finalImages).setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: DONE_PHOTO });
    await expect(form.getByTestId('final-previews').getByRole('img', { name: 'done.png' })).toBeVisible();
    await expect(form.getByText(POST_UI.photosChosen(1))).toBeVisible();
    await shoot(page, 'gov-final-update-form-1280.png');
    await submit.click();
    await expect(toast(page, POST_TEXTS.finalSubmitted)).toBeVisible();
    await expect(progressOf(page, postId)).toHaveText('Waiting for User Verification');
    await expect(form).toHaveCount(0);
    await expect(mine.getByRole('button', { name: GOV_UI.advance })).toBeDisabled();
    await expect(mine.getByRole('button', { name: GOV_UI.goBack })).toBeDisabled();
    await expect(mine.getByText(GOV_UI.waitingHint)).toBeVisible();
    await expect(mine.getByTestId('final-proof')).toContainText('Pothole filled and the lane resurfaced');
    await shoot(page, 'gov-view-progress-1280.png');

    // The citizen confirms the fix.
    await citizenVerifies(request, citizenToken, postId);

    await page.goto(`${G}/viewProgress`);
    await expect(page.getByText(GOV_UI.emptyAssigned)).toBeVisible();

    await page.goto(`${G}/resolvedIssues`);
    await expect(page.getByRole('heading', { level: 1, name: GOV_UI.resolvedHeading })).toBeVisible();
    await expect(progressOf(page, postId)).toHaveText('Finished');
    await expect(mine.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Resolved');
    await expect(mine.getByRole('button', { name: GOV_UI.completed })).toBeDisabled();
    await expect(mine.getByRole('button', { name: GOV_UI.goBack })).toBeDisabled();
    await mine.getByRole('button', { name: GOV_UI.showTimeline }).click();
    const timeline = mine.getByTestId('progress-timeline');
    await expect(timeline.getByTestId('timeline-entry')).toHaveCount(8);
    await expect(timeline).toContainText('Roads Department took it over and marked it Problem Seen');
    await expect(timeline).toContainText('Roads Department moved it back to Work Started');
    await expect(timeline).toContainText('Contractor found the drain collapsed further');
    await expect(timeline).toContainText(GOV_UI.reporterConfirmed);
    await shoot(page, 'gov-resolved-1280.png');

    // The department's resolved count is 1, on the API and on its home page.
    expect((await govMe(request, deptToken)).resolvedIssuesCount).toBe(1);
    await page.goto(G);
    await expect(page.getByTestId('resolved-count')).toHaveText(GOV_UI.resolvedCount(1));

    // The post page shows it Resolved (and its timeline once the page mounts ProgressTimeline).
    await page.goto(`/post/${postId}`);
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, postId).locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      'Resolved',
    );
    if ((await page.getByTestId('progress-timeline').count()) > 0) {
      await expect(page.getByTestId('progress-timeline')).toContainText(GOV_UI.reporterConfirmed);
    }
  });

  test('the lists at 390 px: no sideways scrolling, final-update form open', async ({ page, request }) => {
    test.setTimeout(budget(120_000));
    await page.setViewportSize({ width: 390, height: 844 });
    const citizen = await signupUser(request);
    const citizenToken = await loginToken(request, citizen);
    const { token } = await verifiedDepartment(request, 'Water Supply Department');
    const unassigned = await report(request, citizenToken, `Broken street light on the corner ${Date.now().toString(36)}`, 'Critical');
    const working = await report(request, citizenToken, 'Overflowing drain next to the school gate', 'Medium');
    const resolved = await report(request, citizenToken, 'Garbage not collected for a week', 'Low');
    await advance(request, token, working, 4);
    await advance(request, token, resolved, 4);
    await finalUpdate(request, token, resolved);
    await citizenVerifies(request, citizenToken, resolved);

    await signIn(page, token, `${G}/viewPosts?priority=Critical`);
    await expect(card(page, unassigned)).toBeVisible();
    await expect(page.getByRole('button', { name: GOV_UI.removeFilter(GOV_UI.chipPriority('Critical')) })).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, 'gov-view-issues-390.png');

    await page.goto(`${G}/viewProgress`);
    const mine = card(page, working);
    await expect(progressOf(page, working)).toHaveText('Work Near Completion');
    await mine.getByRole('button', { name: GOV_UI.advance }).click();
    await mine
      .getByRole('form', { name: GOV_UI.finalFormTitle })
      .getByLabel(GOV_UI.finalImages)
      .setInputFiles({ name: 'drain-cleared.png', mimeType: 'image/png', buffer: DONE_PHOTO });
    await expect(mine.getByRole('button', { name: GOV_UI.submitFinal })).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, 'gov-view-progress-390.png');

    await page.goto(`${G}/resolvedIssues`);
    await expect(card(page, resolved).getByRole('button', { name: GOV_UI.completed })).toBeDisabled();
    await expect(card(page, resolved).getByTestId('final-proof')).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, 'gov-resolved-390.png');
  });
});

test('a pending department sees the banner and cannot take a report over', async ({ page, request }) => {
  const citizen = await signupUser(request);
  const citizenToken = await loginToken(request, citizen);
  const postId = await report(request, citizenToken, `Fallen tree blocking the lane ${Date.now().toString(36)}`);
  const department = await signupGovernment(request, { name: 'Parks Department' });
  const token = await loginToken(request, department);
  expect((await govMe(request, token)).isVerified).toBe(false);

  await signIn(page, token, G);
  await expect(page.getByRole('heading', { name: GOV_UI.pendingTitle })).toBeVisible();

  await page.goto(`${G}/viewPosts`);
  await expect(page.getByRole('heading', { name: GOV_UI.pendingTitle })).toBeVisible();
  await expect(page.getByText(GOV_UI.pendingBody)).toBeVisible();
  const mine = card(page, postId);
  await expect(mine.getByRole('button', { name: GOV_UI.advance })).toBeDisabled();
  await expect(mine.getByText(GOV_UI.pendingDisabled)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'gov-pending-1280.png'), fullPage: false });

  // The server refuses too: the same words as the banner.
  const res = await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(token) });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe(GOV_UI.pendingTitle);
});

test('the empty texts of the three lists', async ({ page, request }) => {
  const department = await signupGovernment(request, { name: 'Electricity Board' });
  const token = await loginToken(request, department);
  // Other tests share the server, so the unassigned list is answered empty here.
  await page.route('**/api/gov/allPosts?scope=unassigned*', (route) =>
    route.fulfill({ json: { posts: [], nextCursor: null, total: 0, matching: 0 } }),
  );
  await signIn(page, token, `${G}/viewPosts`);
  await expect(page.getByText(GOV_UI.emptyUnassigned)).toBeVisible();
  await expect(page.getByTestId('showing-count')).toHaveText('Showing 0 of 0 posts');
  await page.goto(`${G}/viewProgress`);
  await expect(page.getByText(GOV_UI.emptyAssigned)).toBeVisible();
  await page.goto(`${G}/resolvedIssues`);
  await expect(page.getByText(GOV_UI.emptyResolved)).toBeVisible();

  // A failed list says so (spec 8) and offers a retry.
  await page.route('**/api/gov/allPosts?scope=resolved*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.reload();
  await expect(page.getByText(TEXTS.errors.fetchPosts).first()).toBeVisible();
});
