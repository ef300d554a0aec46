/**
 * Moderation in the browser: flag → hide → review → restore, and the queue's bulk actions and a
 * suspension at a phone width.
 *
 * A neighbour flags a report from its page (the dialog refuses no reason, then sends "Abusive or
 * hateful"); two more flag it (API) and it is hidden: the neighbour's page says it failed to load. Its
 * author opens it, reads why, and asks for a review with a note. The admin opens Moderation from the
 * dashboard home, finds it under Hidden with "Review asked" and the note, and restores it; the neighbour
 * reads it again.
 *
 * At 390 px the admin selects two flagged comments at once and dismisses them, then suspends their
 * author, whose next comment is refused with the suspension's text.
 *
 * Screenshots at 1280 and 390 px: the flag dialog, the author's hidden notice, the queue (Hidden and
 * Pending) and the suspend dialog, in e2e/artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MODERATION_TEXTS, MODERATION_UI, TEXTS } from '@civicpulse/shared';
import { adminAccount, budget, createPostViaApi, expect, loginToken, noSidewaysScroll, SCREENSHOTS, shoot, shootBoth, signIn, signupUser, test, toast } from '../support/fixtures';
import { seriousViolationsSettled } from '../support/axe';

mkdirSync(SCREENSHOTS, { recursive: true });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function flagViaApi(request: APIRequestContext, token: string, kind: string, id: string, reason = 'abusive') {
  const res = await request.post('/api/moderation/flags', { headers: bearer(token), data: { kind, id, reason } });
  expect(res.status(), await res.text()).toBe(201);
}

async function commentViaApi(request: APIRequestContext, token: string, postId: string, content: string): Promise<string> {
  const res = await request.post('/api/posts/addComment', { headers: bearer(token), data: { postId, content } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { comment: { _id: string } }).comment._id;
}

async function axeClean(page: Page): Promise<void> {
  expect(await seriousViolationsSettled(page)).toEqual([]);
}

test.describe('moderation', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('flag → hidden → the author asks for a review → an admin restores it', async ({ page, request }) => {
    test.setTimeout(budget(150_000));
    const tag = Date.now().toString(36);
    const author = await loginToken(request, await signupUser(request, { name: 'Vikram Rao' }));
    const neighbours = await Promise.all(['Leela', 'Arjun', 'Farah'].map(async (name) => loginToken(request, await signupUser(request, { name: `${name} ${tag}` }))));
    const caption = `Loud insults about the ward office ${tag}`;
    const postId = await createPostViaApi(request, author, { caption });

    // A neighbour flags it from the post page.
    await signIn(page, neighbours[0]!, `/post/${postId}`);
    await expect(page.getByText(caption)).toBeVisible();
    await page.getByRole('button', { name: `${MODERATION_UI.flag}: ${caption}` }).click();
    const dialog = page.getByRole('dialog', { name: MODERATION_UI.flagTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: MODERATION_UI.send }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MODERATION_TEXTS.reasonInvalid);
    await dialog.getByRole('radio', { name: MODERATION_UI.reasons.abusive }).check();
    await axeClean(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `flag-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: MODERATION_UI.send }).click();
    await expect(toast(page, MODERATION_TEXTS.flagged)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Two more flags hide it: the neighbour's page no longer shows it.
    await flagViaApi(request, neighbours[1]!, 'post', postId, 'abusive');
    await flagViaApi(request, neighbours[2]!, 'post', postId, 'spam');
    await page.reload();
    await expect(page.getByText(TEXTS.errors.loadPost)).toBeVisible();
    await expect(page.getByText(caption)).toHaveCount(0);

    // Its author still opens it, reads why, and asks for a review.
    await signIn(page, author, `/post/${postId}`);
    const notice = page.getByTestId('hidden-notice');
    await expect(notice.getByRole('heading', { name: MODERATION_UI.hiddenBanner })).toBeVisible();
    await expect(notice).toContainText(MODERATION_UI.hiddenReasons(`${MODERATION_UI.reasons.abusive}, ${MODERATION_UI.reasons.spam}`));
    await expect(page.getByText(caption)).toBeVisible();
    await notice.getByLabel(MODERATION_UI.reviewNote).fill(`The ward office really is rude, this is a genuine complaint ${tag}`);
    await axeClean(page);
    await shootBoth(page, 'moderation-hidden-notice', notice);
    await notice.getByRole('button', { name: MODERATION_UI.askReview }).click();
    await expect(toast(page, MODERATION_TEXTS.reviewRequested)).toBeVisible();
    await expect(notice.getByTestId('review-asked')).toContainText(MODERATION_UI.reviewSent);

    // The admin finds it under Hidden, with the request, and restores it.
    await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard');
    // The home's card (its name runs on into its description); the side menu has a plain entry too.
    await page.getByRole('main').getByRole('link', { name: new RegExp(`^${MODERATION_UI.heading} .`) }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/moderation$/);
    await expect(page.getByRole('heading', { level: 1, name: MODERATION_UI.heading })).toBeVisible();
    await page.getByRole('tab', { name: MODERATION_UI.filters.hidden }).click();
    await expect(page).toHaveURL(/status=hidden/);
    const item = page.getByTestId('moderation-item').filter({ hasText: caption });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(MODERATION_UI.flags(3));
    await expect(item).toContainText(MODERATION_UI.hiddenByFlags);
    await expect(item).toContainText(MODERATION_UI.reviewAsked);
    await expect(item).toContainText(`genuine complaint ${tag}`);
    await expect(item).toContainText('Vikram Rao');
    await axeClean(page);
    await shootBoth(page, 'moderation-queue-hidden');
    await item.getByRole('button', { name: MODERATION_UI.actions.restore }).click();
    await expect(toast(page, MODERATION_TEXTS.done(1))).toBeVisible();
    await expect(item).toHaveCount(0);

    // Everyone reads it again.
    await signIn(page, neighbours[0]!, `/post/${postId}`);
    await expect(page.getByText(caption)).toBeVisible();
    await expect(page.getByTestId('hidden-notice')).toHaveCount(0);
  });

  test('at 390 px: two flagged comments dismissed at once, and their author suspended', async ({ page, request }) => {
    test.setTimeout(budget(120_000));
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = Date.now().toString(36);
    const reporter = await loginToken(request, await signupUser(request));
    const rowdy = await loginToken(request, await signupUser(request, { name: `Rowdy ${tag}` }));
    const flagger = await loginToken(request, await signupUser(request));
    const postId = await createPostViaApi(request, reporter, { caption: `Streetlight dark for a week ${tag}` });
    const first = await commentViaApi(request, rowdy, postId, `First rude comment ${tag}`);
    const second = await commentViaApi(request, rowdy, postId, `Second rude comment ${tag}`);
    await flagViaApi(request, flagger, 'comment', first);
    await flagViaApi(request, flagger, 'comment', second);

    await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard/moderation');
    const items = page.getByTestId('moderation-item').filter({ hasText: `rude comment ${tag}` });
    await expect(items).toHaveCount(2);
    await axeClean(page);
    await noSidewaysScroll(page);
    await shoot(page, 'moderation-queue-pending-390.png');
    for (const label of [`First rude comment ${tag}`, `Second rude comment ${tag}`]) {
      const box = page.getByRole('checkbox', { name: new RegExp(label) });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await expect(page.getByTestId('moderation-bulk')).toContainText(MODERATION_UI.bulk(2));
    await page.getByTestId('moderation-bulk').getByRole('button', { name: MODERATION_UI.actions.dismiss }).click();
    await expect(toast(page, MODERATION_TEXTS.done(2))).toBeVisible();
    await expect(items).toHaveCount(0);

    // Under Dismissed, suspend their author for 2 days.
    await page.getByRole('tab', { name: MODERATION_UI.filters.dismissed }).click();
    const dismissed = page.getByTestId('moderation-item').filter({ hasText: `First rude comment ${tag}` });
    await dismissed.getByRole('button', { name: MODERATION_UI.suspend }).click();
    const suspend = page.getByRole('dialog', { name: MODERATION_UI.suspendTitle(`Rowdy ${tag}`) });
    await expect(suspend).toBeVisible();
    await suspend.getByLabel(MODERATION_UI.days).fill('2');
    await suspend.getByLabel(MODERATION_UI.reason).fill('Insults in comments');
    await axeClean(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'moderation-suspend-dialog-390.png') });
    await suspend.getByRole('button', { name: MODERATION_UI.suspend }).click();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`Rowdy ${tag} is suspended until`) })).toBeVisible();
    await expect(dismissed).toContainText(/Suspended until/);

    // The suspended author's dashboard says until when and why.
    await signIn(page, rowdy, '/user/dashboard');
    const banner = page.getByTestId('suspension-banner');
    await expect(banner).toContainText(/^Your account is suspended until .+\. You can read, but not post, vote, comment or chat\./);
    await expect(banner).toContainText('Insults in comments');
    await axeClean(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'moderation-suspension-banner-390.png') });
    // It can read the report but not comment on it.
    const refused = await request.post('/api/posts/addComment', { headers: bearer(rowdy), data: { postId, content: 'Again' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Your account is suspended until \d{4}-\d{2}-\d{2}\./);
    expect((await request.get(`/api/posts/post/${postId}`, { headers: bearer(rowdy) })).status()).toBe(200);
  });
});
