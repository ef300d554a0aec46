/**
 * First-use polish, details: Manage Users wraps emails at their boundaries; the jurisdiction's category
 * checkboxes keep their size when a label wraps; '👎 Downvoted Issues' draws its thumb as an icon (no empty
 * box without an emoji font); the profile editor has a styled photo button with a preview, networks by their
 * own names and a DD/MM/YYYY date of birth; a citizen's "Not Verified" badge explains itself; "Not fixed yet"
 * takes photos, the turned-down proof stays on the card marked as rejected, and the rating shows on the timeline.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN_UI, DASHBOARD_PATH, EDITOR_UI, GOV_UI, JURISDICTION_TEXTS, MY_POSTS_UI, POST_TEXTS, POST_UI, PROFILE_UI, REOPEN_UI, TEXTS } from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  shootBoth,
  signIn,
  signupUser,
  test,
  tokenId,
  toast,
  verifiedDepartmentToken,
} from '../support/fixtures';
import { roadPhotoPng } from '../support/images';
import { seriousViolationsSettled } from '../support/axe';
import { toVerification } from '../support/team';

mkdirSync(SCREENSHOTS, { recursive: true });

function card(page: Page, caption: string) {
  return page.getByTestId('post-card').filter({ has: page.getByRole('heading', { name: caption, exact: true }) });
}

/** Each text run between an email's break chances (dots, @, hyphens) sits on one line: the address never breaks mid-word. */
async function emailBreaksAtBoundaries(page: Page, testId: string): Promise<{ segments: number; split: string[]; lines: number; wordBreak: string }> {
  return page.getByTestId(testId).first().evaluate((el) => {
    const split: string[] = [];
    let segments = 0;
    const tops = new Set<number>();
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      segments++;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      for (const r of rects) tops.add(Math.round(r.top));
      if (new Set(rects.map((r) => Math.round(r.top))).size <= 1) continue;
      // A run that wraps may do so only after a hyphen (a boundary the browser offers): check each line change.
      const text = node.textContent ?? '';
      let lastTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const c = document.createRange();
        c.setStart(node, i);
        c.setEnd(node, i + 1);
        const top = Math.round(c.getBoundingClientRect().top);
        if (lastTop !== null && top !== lastTop && text[i - 1] !== '-') split.push(`${text.slice(0, i)}|${text.slice(i)}`);
        lastTop = top;
      }
    }
    return { segments, split, lines: tops.size, wordBreak: getComputedStyle(el).wordBreak };
  });
}

test('Manage Users wraps a long email at its dots and @, never mid-word', async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  const tag = randomBytes(3).toString('hex');
  const email = `prabhakaran.venkataraghavan.${tag}@municipal-corporation-greater-example.com`;
  await signupUser(request, { name: `Prabhakaran ${tag}`, email });
  await signIn(page, await loginToken(request, adminAccount()), `${DASHBOARD_PATH.admin}/manageUsers`);
  await page.getByLabel(ADMIN_UI.searchUsers).fill(tag);
  const row = page.getByTestId('admin-users').locator('tr', { hasText: email });
  await expect(row).toHaveCount(1);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const cell = row.getByTestId('email-text');
    await expect(cell).toHaveText(email);
    const shape = await emailBreaksAtBoundaries(page, 'email-text');
    expect(shape.wordBreak).not.toBe('break-all');
    expect(shape.segments).toBeGreaterThan(3);
    expect(shape.split, `email split mid-word at ${width}px`).toEqual([]);
    if (width === 390) expect(shape.lines, 'the long address wraps on a phone').toBeGreaterThan(1);
    // The address fits its row (nothing clipped by the table's rounded box).
    const fits = await cell.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const table = el.closest('table')!.parentElement!.getBoundingClientRect();
      return box.right <= table.right + 0.5 && box.left >= table.left - 0.5;
    });
    expect(fits).toBe(true);
  }
  await shootBoth(page, 'polish-manage-users', row);
});

test("the jurisdiction's category checkboxes keep one size when their labels wrap", async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  const token = await verifiedDepartmentToken(request);
  await signIn(page, token, `${DASHBOARD_PATH.government}/settings`);
  const group = page.getByRole('group', { name: JURISDICTION_TEXTS.categories });
  await expect(group).toBeVisible();
  let wrapped = 0;
  for (const width of [390, 640, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await group.locator('input[type="checkbox"]').evaluateAll((inputs) =>
      inputs.map((i) => {
        const r = i.getBoundingClientRect();
        const label = i.closest('label')!;
        const text = label.querySelector('span')!;
        const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
        return { w: Math.round(r.width), h: Math.round(r.height), lines: Math.round(text.getBoundingClientRect().height / lineHeight) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(5);
    for (const b of boxes) expect({ w: b.w, h: b.h }, `checkbox size at ${width}px`).toEqual({ w: boxes[0]!.w, h: boxes[0]!.h });
    expect(boxes[0]!.w).toBeGreaterThanOrEqual(16);
    wrapped += boxes.filter((b) => b.lines > 1).length;
  }
  // The check means something: some label did wrap at one of the widths.
  expect(wrapped).toBeGreaterThan(0);
  await page.setViewportSize({ width: 640, height: 900 });
  await group.screenshot({ path: `${SCREENSHOTS}/polish-jurisdiction-checkboxes-640.png` });
  await shootBoth(page, 'polish-jurisdiction-checkboxes', group);
});

test("'👎 Downvoted Issues' draws its thumb as an icon, keeping the spec's words for screen readers", async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, `${DASHBOARD_PATH.user}/downvotedIssues`);
  const heading = page.getByRole('heading', { level: 1, name: POST_UI.downvotedHeading });
  await expect(heading).toBeVisible();
  await expect(heading.locator('svg')).toHaveCount(1);
  // The glyph is only in visually hidden text: no visible text node can show an empty box.
  const visibleGlyphs = await heading.evaluate((h) => {
    const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!/\p{Extended_Pictographic}/u.test(n.textContent ?? '')) continue;
      const parent = n.parentElement!;
      const r = parent.getBoundingClientRect();
      if (r.width > 1 && r.height > 1) found.push(n.textContent ?? '');
    }
    return found;
  });
  expect(visibleGlyphs).toEqual([]);
  await expect(heading).toContainText('Downvoted Issues');
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-downvoted-heading', heading);
});

test('the profile editor: a Choose photo button with a preview, networks by their names, the date as DD/MM/YYYY', async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  const me = await signupUser(request, { name: 'Meera Editor' });
  await signIn(page, await loginToken(request, me), `${DASHBOARD_PATH.user}/userProfile`);
  await page.getByRole('button', { name: EDITOR_UI.edit }).click();
  const editor = page.getByTestId('profile-editor');
  // The photo: a styled button, the native input hidden, a preview and the file's name once chosen.
  const choose = editor.getByRole('button', { name: EDITOR_UI.choosePhoto });
  await expect(choose).toBeVisible();
  const native = editor.getByLabel(EDITOR_UI.photo);
  expect(await native.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await native.setInputFiles({ name: 'meera.png', mimeType: 'image/png', buffer: roadPhotoPng(300, 300) });
  await expect(editor.getByTestId('photo-preview')).toBeVisible();
  await expect(editor.getByText(EDITOR_UI.photoChosen('meera.png'))).toBeVisible();
  // Social networks by their own names.
  await expect(editor.getByLabel('X (Twitter)')).toBeVisible();
  await expect(editor.getByLabel('LinkedIn', { exact: true })).toBeVisible();
  await expect(editor.getByLabel('YouTube', { exact: true })).toBeVisible();
  await expect(editor.locator('label', { hasText: /^(twitter|linkedin)$/ })).toHaveCount(0);
  // Date of birth as Indian users write it, whatever the browser's locale.
  const dob = editor.getByLabel(PROFILE_UI.labels.dob!);
  await expect(dob).toHaveAttribute('type', 'text');
  await expect(dob).toHaveAttribute('placeholder', EDITOR_UI.dobPlaceholder);
  await dob.fill('15/08/1994');
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-profile-edit', editor);
  await dob.fill('31/02/1994');
  await editor.getByRole('button', { name: EDITOR_UI.save }).click();
  await expect(editor.getByText(EDITOR_UI.dobInvalid).first()).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await dob.fill('15/08/1994');
  await editor.getByRole('button', { name: EDITOR_UI.save }).click();
  await expect(toast(page, TEXTS.success.profileUpdated)).toBeVisible();
  const view = page.getByTestId('citizen-profile');
  await expect(view.locator('[data-field="dob"]')).toHaveText('1994-08-15');
  await page.getByRole('button', { name: EDITOR_UI.edit }).click();
  await expect(page.getByTestId('profile-editor').getByLabel(PROFILE_UI.labels.dob!)).toHaveValue('15/08/1994');
});

test('a citizen\'s "Not Verified" badge explains itself, reached by keyboard', async ({ page, request }) => {
  const owner = await signupUser(request, { name: 'Ravi Citizen' });
  const viewer = await signupUser(request, { name: 'Viewer' });
  const ownerId = tokenId(await loginToken(request, owner));
  await signIn(page, await loginToken(request, viewer), `/user/profile/user/${ownerId}`);
  const profile = page.getByTestId('citizen-profile');
  await expect(profile.getByText(PROFILE_UI.notVerified, { exact: true })).toBeVisible();
  const help = profile.getByRole('button', { name: PROFILE_UI.notVerifiedHelpLabel });
  await expect(help).toHaveAttribute('aria-expanded', 'false');
  await expect(profile.getByText(PROFILE_UI.notVerifiedHelp)).toBeHidden();
  // Keyboard: Tab from the top of the page reaches the button, Enter opens the explanation.
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await help.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  expect(await help.evaluate((el) => getComputedStyle(el).boxShadow !== 'none' || getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
  await page.keyboard.press('Enter');
  await expect(help).toHaveAttribute('aria-expanded', 'true');
  await expect(profile.getByText(PROFILE_UI.notVerifiedHelp)).toBeVisible();
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-not-verified', profile.locator('header'));
});

test('"Not fixed yet" sends photos, the turned-down proof stays on the card, and the rating shows on the timeline', async ({ page, request, citizen }) => {
  test.setTimeout(budget(120_000));
  const tag = randomBytes(3).toString('hex');
  const token = await loginToken(request, citizen);
  const gov = await verifiedDepartmentToken(request);
  const brokenCaption = `Broken footpath slab ${tag}`;
  const fixedCaption = `Overflowing drain ${tag}`;
  const brokenId = await createPostViaApi(request, token, { caption: brokenCaption });
  const fixedId = await createPostViaApi(request, token, { caption: fixedCaption });
  await toVerification(request, gov, brokenId, `Slab replaced ${tag}`);
  await toVerification(request, gov, fixedId, `Drain cleared ${tag}`);
  await signIn(page, token, `${DASHBOARD_PATH.user}/userPosts`);

  // Not fixed yet, with a photo of what is still wrong.
  const broken = card(page, brokenCaption);
  await broken.getByRole('button', { name: MY_POSTS_UI.notFixed }).click();
  await broken.getByLabel(MY_POSTS_UI.reasonLabel).fill('The new slab is already cracked');
  await broken.getByLabel(REOPEN_UI.reopenPhotos).setInputFiles({ name: 'cracked.png', mimeType: 'image/png', buffer: roadPhotoPng(500, 350) });
  await expect(broken.getByTestId('reopen-photos').locator('img')).toHaveCount(1);
  await shootBoth(page, 'polish-not-fixed-yet', broken);
  await broken.getByRole('button', { name: MY_POSTS_UI.sendReason }).click();
  await expect(toast(page, POST_TEXTS.rejected)).toBeVisible();
  // The proof stays on the card, marked as rejected, with the reason and the reporter's photo.
  const rejected = broken.getByTestId('rejected-proof');
  await expect(rejected).toBeVisible();
  await expect(rejected).toContainText(REOPEN_UI.rejectedBadge);
  await expect(rejected).toContainText(`Slab replaced ${tag}`);
  await expect(rejected).toContainText(REOPEN_UI.rejectedReason('The new slab is already cracked'));
  await expect(rejected.getByRole('list', { name: REOPEN_UI.reporterPhotos }).locator('img')).toHaveCount(1);
  // The timeline's reject entry carries the photo too.
  await broken.getByRole('button', { name: GOV_UI.showTimeline }).click();
  await expect(broken.getByTestId('timeline-reporter-photos').locator('img')).toHaveCount(1);
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'polish-rejected-proof', broken);

  // Verify the other with a rating: the timeline shows it.
  const fixed = card(page, fixedCaption);
  await fixed.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  const ask = page.getByRole('alertdialog', { name: MY_POSTS_UI.verifyHeading });
  await ask.getByLabel('Satisfied', { exact: true }).check();
  await ask.getByRole('textbox').fill('Quick work, thank you');
  await ask.getByRole('button', { name: MY_POSTS_UI.verify }).click();
  await expect(toast(page, POST_TEXTS.verified)).toBeVisible();
  await fixed.getByRole('button', { name: GOV_UI.showTimeline }).click();
  const rating = fixed.getByTestId('timeline-rating');
  await expect(rating).toContainText(REOPEN_UI.timelineRating('Satisfied'));
  await expect(rating).toContainText('Quick work, thank you');
  await shootBoth(page, 'polish-timeline-rating', fixed);
});
