/**
 * My Issues (spec 2.10, issue 5): a citizen filters and sorts their own reports, edits one through the
 * modal, deletes one after the confirmation, and gives the verdict on a department's final proof.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { MY_POSTS_UI, POST_TEXTS, POST_UI, PROGRESS_UNSEEN_LABEL, TEXTS } from '@civicpulse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  signIn,
  signupGovernment,
  signupUser,
  test,
  toast,
  type Account,
} from '../support/fixtures';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

const MY_ISSUES = '/user/dashboard/userPosts';
const LOCATION = {
  state: 'Maharashtra',
  landmark: 'Near Shivaji Park gate',
  address: 'Senapati Bapat Marg, Dadar West',
  pincode: '400028',
  coordinates: { lat: 19.0269, lng: 72.8383 },
};

/** Map tiles come from a public tile server; offline runs answer them with an empty tile. */
async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }),
  );
}

/** Lazy photos below the fold load only when scrolled near: scroll through so full-page shots show them. */
async function loadLazyImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

function shot(name: string, fullPage = true): { path: string; fullPage: boolean } {
  return { path: path.join(SCREENSHOTS, `${name}.png`), fullPage };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function tokenId(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: string };
  return payload.id;
}

/** POST /api/user/createPost as the spec's multipart form: caption, priority, location (JSON), images. */
function createPost(request: APIRequestContext, token: string, caption: string, priority: string): Promise<string> {
  return createPostViaApi(request, token, { caption, priority, location: LOCATION });
}

async function vote(request: APIRequestContext, token: string, postId: string, type: 'upvote' | 'downvote') {
  const response = await request.put('/api/posts/votePost', { headers: auth(token), data: { postId, type } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A department verified by the admin, signed in: its token. */
async function verifiedDepartment(request: APIRequestContext): Promise<string> {
  const department: Account = await signupGovernment(request);
  const govToken = await loginToken(request, department);
  const adminToken = await loginToken(request, adminAccount());
  const verified = await request.put(`/api/admin/verifyGovernment/${tokenId(govToken)}`, { headers: auth(adminToken) });
  expect(verified.status(), await verified.text()).toBe(200);
  return govToken;
}

/** Unseen → … → Work Near Completion (four moves), then the final proof → Waiting for User Verification. */
async function advanceToWaiting(request: APIRequestContext, govToken: string, postId: string, finalCaption: string) {
  for (let i = 0; i < 4; i++) {
    const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: auth(govToken) });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const final = await request.put(`/api/gov/updateFinalWork/${postId}`, {
    headers: auth(govToken),
    multipart: { finalCaption, images: { name: 'done.png', mimeType: 'image/png', buffer: roadPhotoPng(400, 300) } },
  });
  expect(final.status(), await final.text()).toBe(200);
}

function cards(page: Page): Locator {
  return page.getByTestId('post-card');
}

function card(page: Page, caption: string): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { name: caption, exact: true }) });
}

async function captions(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading', { level: 2 }).allInnerTexts();
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a citizen filters and sorts their reports, edits one in the modal and deletes one after confirming', async ({
  page,
  request,
  citizen,
}) => {
  test.setTimeout(budget(120_000));
  const tag = randomBytes(3).toString('hex');
  const light = `Broken streetlight on 5th cross ${tag}`;
  const garbage = `Overflowing garbage bin at the market ${tag}`;
  const pothole = `Deep pothole near the bus stop ${tag}`;
  const edited = `Streetlight out for two weeks ${tag}`;

  const token = await loginToken(request, citizen);
  const lightId = await createPost(request, token, light, 'Low');
  const garbageId = await createPost(request, token, garbage, 'High');
  await createPost(request, token, pothole, 'Critical');
  // Neighbours vote: the garbage bin gets two upvotes, the streetlight one downvote.
  const neighbours = await Promise.all([signupUser(request, { name: 'Ravi Kumar' }), signupUser(request, { name: 'Meena Iyer' })]);
  const neighbourTokens = await Promise.all(neighbours.map((n) => loginToken(request, n)));
  await vote(request, neighbourTokens[0]!, garbageId, 'upvote');
  await vote(request, neighbourTokens[1]!, garbageId, 'upvote');
  await vote(request, neighbourTokens[0]!, lightId, 'downvote');

  await stubTiles(page);
  await signIn(page, token, MY_ISSUES);
  await expect(page.getByRole('heading', { name: MY_POSTS_UI.heading, level: 1 })).toBeVisible();

  // Newest first by default, all priorities; every card shows the country, Status, Progress and counts.
  await expect(cards(page)).toHaveCount(3);
  await expect.poll(() => captions(page)).toEqual([pothole, garbage, light]);
  const sort = page.getByLabel(MY_POSTS_UI.sortBy);
  const priority = page.getByLabel(MY_POSTS_UI.priority, { exact: true });
  const minUp = page.getByLabel(MY_POSTS_UI.minUpvotes);
  const minDown = page.getByLabel(MY_POSTS_UI.minDownvotes);
  await expect(sort).toHaveValue('newest');
  await expect(priority).toHaveValue('');
  await expect(minUp).toHaveAttribute('type', 'number');
  await expect(minUp).toHaveAttribute('min', '0');
  await expect(minDown).toHaveAttribute('min', '0');
  const garbageCard = card(page, garbage);
  await expect(garbageCard).toContainText('Maharashtra - 400028, India');
  // A report no department has looked at yet reads as Open (the API still says Unseen / In Progress).
  await expect(garbageCard).toContainText(`${POST_UI.status}:${PROGRESS_UNSEEN_LABEL}`);
  // Its progress reads "Open" too: said once, as its status (progressBesideStatus).
  await expect(garbageCard).not.toContainText(`${POST_UI.progress}:`);
  await expect(garbageCard).not.toContainText('Unseen');
  await expect(garbageCard.getByTestId('upvote-count')).toHaveText('2');
  await expect(cards(page).getByTestId('edited-marker')).toHaveCount(0);
  await loadLazyImages(page);
  await page.screenshot(shot('my-issues-list-1280'));
  expect(await seriousViolations(page)).toEqual([]);

  // Priority: one of them.
  await priority.selectOption('High');
  await expect.poll(() => captions(page)).toEqual([garbage]);
  await priority.selectOption('');
  await expect(cards(page)).toHaveCount(3);

  // A minimum count.
  await minUp.fill('1');
  await expect.poll(() => captions(page)).toEqual([garbage]);
  await minUp.fill('');
  await minDown.fill('1');
  await expect.poll(() => captions(page)).toEqual([light]);
  await minDown.fill('');
  await expect(cards(page)).toHaveCount(3);

  // Sort.
  await sort.selectOption('oldest');
  await expect.poll(() => captions(page)).toEqual([light, garbage, pothole]);
  await sort.selectOption('mostUpvotes');
  await expect.poll(async () => (await captions(page))[0]).toBe(garbage);
  await sort.selectOption('mostDownvotes');
  await expect.poll(async () => (await captions(page))[0]).toBe(light);

  // Filters that match nothing have their own empty text and a way out.
  await priority.selectOption('Critical');
  await minUp.fill('5');
  await expect(page.getByTestId('my-posts-no-match')).toContainText(MY_POSTS_UI.noMatchTitle);
  await page.getByTestId('my-posts-no-match').getByRole('button', { name: MY_POSTS_UI.clearFilters }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(sort).toHaveValue('newest');
  await expect(priority).toHaveValue('');
  await expect(minUp).toHaveValue('');

  // ---- edit through the modal ----
  const editButton = card(page, light).getByRole('button', { name: MY_POSTS_UI.editLabel(light) });
  await editButton.click();
  const dialog = page.getByRole('dialog', { name: MY_POSTS_UI.editHeading });
  await expect(dialog).toBeVisible();
  // Esc cancels, and focus goes back to the Edit button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(editButton).toBeFocused();

  await editButton.click();
  await expect(dialog).toBeVisible();
  const captionInput = dialog.getByLabel(POST_UI.caption);
  await expect(captionInput).toBeFocused();
  await expect(captionInput).toHaveValue(light);
  await expect(dialog.getByLabel(POST_UI.country)).toHaveValue('India');
  await expect(dialog.getByLabel(POST_UI.country)).toBeDisabled();
  await expect(dialog.getByLabel(POST_UI.state)).toHaveValue('Maharashtra');
  await expect(dialog.getByLabel(POST_UI.landmark)).toHaveValue(LOCATION.landmark);
  await expect(dialog.getByLabel(POST_UI.address)).toHaveValue(LOCATION.address);
  await expect(dialog.getByLabel(POST_UI.pincode)).toHaveValue(LOCATION.pincode);
  await expect(dialog.getByLabel(POST_UI.priority)).toHaveValue('Low');
  await expect(dialog.getByTestId('picked-coordinates')).toHaveText(POST_UI.coordinates('19.02690', '72.83830'));
  await page.screenshot(shot('my-issues-edit-1280', false));
  await dialog.getByTestId('picked-coordinates').scrollIntoViewIfNeeded();
  await page.screenshot(shot('my-issues-edit-map-1280', false));
  expect(await seriousViolations(page)).toEqual([]);

  // The creation checks, on the client, with the spec's texts.
  await captionInput.fill('   ');
  await dialog.getByRole('button', { name: MY_POSTS_UI.save }).click();
  await expect(toast(page, TEXTS.validation.captionRequired)).toBeVisible();
  await expect(captionInput).toBeFocused();
  await captionInput.fill(edited);
  await dialog.getByLabel(POST_UI.landmark).fill('');
  await dialog.getByRole('button', { name: MY_POSTS_UI.save }).click();
  await expect(toast(page, TEXTS.validation.landmarkRequired)).toBeVisible();
  await dialog.getByLabel(POST_UI.landmark).fill(LOCATION.landmark);
  await dialog.getByLabel(POST_UI.priority).selectOption('High');
  await dialog.getByRole('button', { name: MY_POSTS_UI.save }).click();
  await expect(toast(page, TEXTS.success.postUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const editedCard = card(page, edited);
  await expect(editedCard).toBeVisible();
  await expect(card(page, light)).toHaveCount(0);
  await expect(editedCard.getByTestId('edited-marker')).toHaveText(MY_POSTS_UI.edited);
  await expect(editedCard).toContainText(`${POST_UI.priority}:High`);
  await expect(cards(page).getByTestId('edited-marker')).toHaveCount(1);
  // The server kept it: a reload shows the same.
  await page.reload();
  await expect(card(page, edited).getByTestId('edited-marker')).toBeVisible();

  // ---- delete after the confirmation ----
  const deleteButton = card(page, pothole).getByRole('button', { name: MY_POSTS_UI.deleteLabel(pothole) });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: MY_POSTS_UI.deleteHeading });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: MY_POSTS_UI.cancel })).toBeFocused();
  // Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: MY_POSTS_UI.deleteConfirm })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: MY_POSTS_UI.cancel })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cards(page)).toHaveCount(3);
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await confirm.getByRole('button', { name: MY_POSTS_UI.deleteConfirm }).click();
  await expect(toast(page, TEXTS.success.postDeleted)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(cards(page)).toHaveCount(2);
  await expect.poll(() => captions(page)).toEqual([garbage, edited]);

  // ---- the same screen on a phone ----
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards(page)).toHaveCount(2);
  await noHorizontalOverflow(page);
  await loadLazyImages(page);
  await page.screenshot(shot('my-issues-list-390'));
  await card(page, garbage).getByRole('button', { name: MY_POSTS_UI.editLabel(garbage) }).click();
  await expect(dialog).toBeVisible();
  await noHorizontalOverflow(page);
  await page.screenshot(shot('my-issues-edit-390', false));
  await dialog.getByRole('button', { name: MY_POSTS_UI.cancel }).click();
  await expect(dialog).toBeHidden();
});

test('a citizen with no reports sees a friendly empty state with a link to create one', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, MY_ISSUES);
  const empty = page.getByTestId('my-posts-empty');
  await expect(empty).toContainText(MY_POSTS_UI.emptyTitle);
  const create = empty.getByRole('link', { name: MY_POSTS_UI.emptyAction });
  await expect(create).toHaveAttribute('href', '/user/dashboard/createPost');
  await page.screenshot(shot('my-issues-empty-1280'));
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalOverflow(page);
  await page.screenshot(shot('my-issues-empty-390'));
  await create.click();
  await expect(page).toHaveURL(/\/user\/dashboard\/createPost$/);
});

test('the reporter verifies one resolution and sends another back with a reason', async ({ page, request, citizen }) => {
  test.setTimeout(budget(120_000));
  const tag = randomBytes(3).toString('hex');
  const fixedCaption = `Fallen tree blocking the lane ${tag}`;
  const notFixedCaption = `Leaking water main ${tag}`;
  const proof = `Tree cut and removed, lane cleared ${tag}`;

  const token = await loginToken(request, citizen);
  const fixedId = await createPost(request, token, fixedCaption, 'High');
  const notFixedId = await createPost(request, token, notFixedCaption, 'Medium');
  const govToken = await verifiedDepartment(request);
  await advanceToWaiting(request, govToken, fixedId, proof);
  await advanceToWaiting(request, govToken, notFixedId, `Pipe replaced ${tag}`);

  await stubTiles(page);
  await signIn(page, token, MY_ISSUES);
  const fixed = card(page, fixedCaption);
  await expect(fixed).toContainText(`${POST_UI.progress}:Waiting for User Verification`);
  const verdict = fixed.getByTestId('verify-resolution');
  await expect(verdict.getByTestId('final-proof')).toContainText(proof);
  await expect(verdict.locator('img')).toHaveCount(1);
  await loadLazyImages(page);
  await page.screenshot(shot('my-issues-verify-1280'));
  expect(await seriousViolations(page)).toEqual([]);
  // The rest happens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalOverflow(page);
  await loadLazyImages(page);
  await page.screenshot(shot('my-issues-verify-390'));

  // Not fixed yet: the reason is required; the post goes back to Work Started.
  const other = card(page, notFixedCaption);
  await other.getByRole('button', { name: MY_POSTS_UI.notFixed }).click();
  const reason = other.getByLabel(MY_POSTS_UI.reasonLabel);
  await expect(reason).toBeFocused();
  await other.getByRole('button', { name: MY_POSTS_UI.sendReason }).click();
  await expect(toast(page, POST_TEXTS.reasonRequired)).toBeVisible();
  await reason.fill('Water is still leaking at the corner');
  await other.getByRole('button', { name: MY_POSTS_UI.sendReason }).click();
  await expect(toast(page, POST_TEXTS.rejected)).toBeVisible();
  await expect(other).toContainText(`${POST_UI.progress}:Work Started`);
  await expect(other.getByTestId('verify-resolution')).toHaveCount(0);

  // Verify completion asks first: Cancel leaves the post waiting, nothing sent.
  await fixed.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  const ask = page.getByRole('alertdialog', { name: MY_POSTS_UI.verifyHeading });
  await expect(ask).toContainText(MY_POSTS_UI.verifyBody);
  await expect(ask.getByRole('button', { name: MY_POSTS_UI.cancel })).toBeFocused();
  await page.screenshot(shot('my-issues-verify-confirm-390', false));
  await ask.getByRole('button', { name: MY_POSTS_UI.cancel }).click();
  await expect(ask).toHaveCount(0);
  await expect(fixed).toContainText(`${POST_UI.progress}:Waiting for User Verification`);
  await expect(fixed.getByTestId('verify-resolution')).toBeVisible();

  // Confirmed: Finished and Resolved, no longer editable.
  await fixed.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  await page.getByRole('alertdialog', { name: MY_POSTS_UI.verifyHeading }).getByRole('button', { name: MY_POSTS_UI.verify }).click();
  await expect(toast(page, POST_TEXTS.verified)).toBeVisible();
  await expect(fixed).toContainText(`${POST_UI.progress}:Finished`);
  await expect(fixed).toContainText(`${POST_UI.status}:Resolved`);
  await expect(fixed.getByTestId('verify-resolution')).toHaveCount(0);
  await expect(fixed).toContainText(MY_POSTS_UI.resolvedNote);
  await expect(fixed.getByTestId('final-proof')).toContainText(proof);
  await expect(fixed.getByRole('button', { name: MY_POSTS_UI.editLabel(fixedCaption) })).toHaveCount(0);
  // Resolved is the department's finished work: no Delete either, and the card says why (comments stay open).
  await expect(fixed.getByRole('button', { name: MY_POSTS_UI.deleteLabel(fixedCaption) })).toHaveCount(0);
  await expect(fixed).toContainText(MY_POSTS_UI.resolvedLocked);
  await expect(other.getByRole('button', { name: MY_POSTS_UI.editLabel(notFixedCaption) })).toBeVisible();
});
