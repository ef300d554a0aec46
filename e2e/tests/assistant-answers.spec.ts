/**
 * 'Ask CivicPulse AI' answers (issue "First-use polish" item 4): a long answer shows its whole last
 * sentence and all of its steps; "Read more" is a link that opens the help article; the suggestions of
 * a "no answer" are buttons that ask (by keyboard too); a question in Hindi script is answered in Hindi
 * from the Hindi help, on an English page. The typing cap itself (at most 500 ms of typing) is a unit
 * test (apps/server/test/assistant-answers.test.ts), not a timed browser assertion.
 */
import { ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import type { Locator, Page } from '@playwright/test';
import { seriousViolationsSettled } from '../support/axe';
import { expect, shootBoth, test } from '../support/fixtures';

const t = ASSISTANT_TEXTS;
const launcher = (page: Page) => page.getByRole('button', { name: t.button });
const panel = (page: Page) => page.getByRole('dialog', { name: t.button });
const input = (page: Page) => panel(page).getByRole('textbox', { name: t.messageLabel });
const replies = (page: Page) => panel(page).getByTestId('ai-message');

async function askQuestion(page: Page, question: string): Promise<Locator> {
  const before = await replies(page).count();
  await input(page).fill(question);
  // Timed in the page: from the Enter key to the whole answer on screen (reported, not asserted).
  await page.evaluate((n) => {
    const w = window as { __answerMs?: number };
    delete w.__answerMs;
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('[data-testid="ai-message"][data-complete="true"]').length > n) {
        w.__answerMs = performance.now() - start;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, attributes: true, childList: true });
  }, before);
  await input(page).press('Enter');
  await expect(replies(page)).toHaveCount(before + 1);
  const reply = replies(page).nth(before);
  // With the typing capped, a whole reply is there within a few seconds even on a loaded machine.
  await expect(reply).toHaveAttribute('data-complete', 'true', { timeout: 10_000 });
  const ms = await page.evaluate(() => (window as { __answerMs?: number }).__answerMs);
  console.log(`assistant answer "${question}": ${((await reply.textContent()) ?? '').length} characters, whole on screen ${Math.round(ms ?? -1)} ms after Enter`);
  return reply;
}

test('a long answer shows all its steps and a Read more link that opens the article', async ({ page }) => {
  await page.goto('/');
  await launcher(page).click();
  const reply = await askQuestion(page, 'what are the steps to report an issue');
  const text = (await reply.textContent()) ?? '';
  // All 7 of 7 steps, the last one to its final sentence.
  for (let i = 1; i <= 7; i++) expect(text).toMatch(new RegExp(`(^|\\s|:)${i}\\. `));
  await expect(reply).toContainText('7. Press Submit Issue. The button reads "Submitting..." while the photos upload, then your new report opens on its own page.');
  // The raw "Read more: … /help/…" line is drawn as a link, not shown as text.
  expect(text).not.toContain('/help/report-an-issue');
  const readMore = reply.getByRole('link', { name: `${t.readMore}: How to report an issue` });
  await expect(readMore).toHaveAttribute('href', '/help/report-an-issue');
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'assistant-answer', panel(page));
  await readMore.click();
  await expect(page).toHaveURL(/\/help\/report-an-issue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to report an issue' })).toBeVisible();
  await expect(panel(page)).toBeHidden();
});

test('the suggestions of a "no answer" are buttons that ask, with the mouse and the keyboard', async ({ page }) => {
  await page.goto('/');
  await launcher(page).click();
  const none = await askQuestion(page, 'tell me a joke');
  await expect(none).toContainText(t.noAnswer);
  const offered = none.getByRole('button');
  await expect(offered).toHaveText([...ASSISTANT_SUGGESTIONS]);
  // The bullet lines are not repeated as text.
  expect((await none.textContent()) ?? '').not.toContain(`• ${ASSISTANT_SUGGESTIONS[0]}`);
  // The panel with its answer buttons passes axe.
  expect(await seriousViolationsSettled(page)).toEqual([]);
  await shootBoth(page, 'assistant-suggestions', panel(page));

  await none.getByRole('button', { name: ASSISTANT_SUGGESTIONS[1] }).click();
  await expect(panel(page).getByTestId('user-message').last()).toContainText(ASSISTANT_SUGGESTIONS[1]);
  const answer = replies(page).last();
  await expect(answer).toHaveAttribute('data-complete', 'true', { timeout: 10_000 });
  await expect(answer).toContainText('Create Issue');
  await expect(answer.getByRole('link', { name: `${t.readMore}: How to report an issue` })).toBeVisible();

  // Keyboard: a suggestion is a focusable button that Enter presses.
  const third = none.getByRole('button', { name: ASSISTANT_SUGGESTIONS[2] });
  await third.focus();
  await expect(third).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(replies(page)).toHaveCount(3);
  await expect(replies(page).last()).toHaveAttribute('data-complete', 'true', { timeout: 10_000 });
  await expect(replies(page).last().getByRole('link', { name: /^Read more: / })).toHaveAttribute('href', '/help/track-your-report');
});

test('a question in Hindi script gets a Hindi answer from the Hindi help, on an English page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await launcher(page).click();
  const reply = await askQuestion(page, 'मैं अपना पासवर्ड भूल गया हूँ, अब क्या करूँ?');
  await expect(reply).toContainText('पासवर्ड भूल गए?');
  const readMore = reply.getByRole('link', { name: `${SHARED_HI.ASSISTANT_TEXTS.readMore}: पासवर्ड भूल गए` });
  await expect(readMore).toHaveAttribute('href', '/help/forgot-password');
  // Nothing of the English help in it.
  expect((await reply.textContent()) ?? '').not.toMatch(/Forgot your password|Send reset link/);
  await shootBoth(page, 'assistant-hindi', panel(page));
});

test('the new help articles are in the Help centre, in English and in Hindi', async ({ page }) => {
  const articles = [
    ['anonymous-reports', 'Reporting without showing your name'],
    ['forgot-password', 'Forgot your password'],
    ['categories-and-departments', 'Categories and which department handles a report'],
    ['service-levels-and-overdue-reports', 'Service levels and overdue reports'],
    ['rating-and-reopening', 'Rating a fix and reopening a report'],
    ['offline-reports', 'Using CivicPulse with a weak or no connection'],
    ['language', 'Using CivicPulse in Hindi or English'],
  ] as const;
  await page.goto('/help');
  for (const [slug, title] of articles) await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/help/${slug}`);
  await page.getByRole('link', { name: 'Using CivicPulse with a weak or no connection', exact: true }).click();
  await expect(page).toHaveURL(/\/help\/offline-reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Using CivicPulse with a weak or no connection' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sending without a connection' })).toBeVisible();
  // In Hindi, the same page reads the Hindi article.
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'कमज़ोर या बिना इंटरनेट के CivicPulse का उपयोग' })).toBeVisible();
});
