/**
 * 'Ask CivicPulse AI' in the browser (spec 2.15, 5, 8, 9; issue 14): the floating button on every page
 * loads the panel's code only when used; a suggestion is sent and its reply typed out with a working
 * link; keyboard only; a signed-in citizen's own report; failures, refusals, the JSON and `replace`
 * paths and markup in a reply (the API answered by page.route); prefers-reduced-motion; the help
 * article pages. Screens at 1280 and 390 px, and axe on the open panel and an article.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS, HELP_UI, TEXTS } from '@civicpulse/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { budget, createPostViaApi, expect, loginToken, noSidewaysScroll, SCREENSHOTS, shoot, signIn, test } from '../support/fixtures';

const t = ASSISTANT_TEXTS;
/** A reply typed at 15 ms a character takes seconds; this bounds the wait for a whole one. */
const FULL_REPLY = { timeout: 25_000 };

const launcher = (page: Page) => page.getByRole('button', { name: t.button });
const panel = (page: Page) => page.getByRole('dialog', { name: t.button });
const input = (page: Page) => panel(page).getByRole('textbox', { name: t.messageLabel });
const replies = (page: Page) => panel(page).getByTestId('ai-message');
const questions = (page: Page) => panel(page).getByTestId('user-message');

/** The newest reply once it is shown in full. */
async function completeReply(page: Page): Promise<Locator> {
  const reply = replies(page).last();
  await expect(reply).toHaveAttribute('data-complete', 'true', FULL_REPLY);
  return reply;
}

/** What the server answers a question (the JSON answer, no token unless given). */
async function serverReply(request: APIRequestContext, message: string, token?: string): Promise<string> {
  const response = await request.post('/api/ask', { data: { message }, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { reply: string }).reply;
}

/** A help reply's text as the panel shows it: without its last line "Read more: <title> <path>", which is drawn as a link. */
function shownText(reply: string): string {
  return reply.replace(/\n\nRead more: [^\n]* \/help\/[a-z0-9-]+$/, '');
}

/** Counts the page's POST /api/ask requests. */
function countAsks(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/ask') seen.count++;
  });
  return seen;
}

/** The footer's text and links that the floating button covers, with the page scrolled to its end. */
async function footerUnderButton(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    document.documentElement.style.scrollBehavior = 'auto';
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  return page.evaluate((name) => {
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === name);
    const footer = document.querySelector('footer');
    if (!button || !footer) return ['button or footer missing'];
    const b = button.getBoundingClientRect();
    const covers = (r: DOMRect) => r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
    const hits: string[] = [];
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some(covers)) hits.push(node.textContent.trim());
    }
    for (const link of Array.from(footer.querySelectorAll('a'))) {
      if (covers(link.getBoundingClientRect())) hits.push(link.getAttribute('aria-label') ?? link.textContent ?? 'link');
    }
    return hits;
  }, t.button);
}

test('a visitor opens the panel, asks a suggested question and follows the link in the typed reply', async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  const question = ASSISTANT_SUGGESTIONS[1];
  expect(question).toBe('How do I report an issue?');
  const expected = await serverReply(request, question);
  expect(expected).toContain('Create Issue');
  expect(expected).toContain('/help/report-an-issue');

  const panelChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/AssistantPanel-[\w-]+\.js$/.test(r.url())) panelChunks.push(r.url());
  });
  await page.goto('/');
  await expect(launcher(page)).toHaveAttribute('title', t.button);
  await page.waitForLoadState('networkidle');
  // The panel's code is not part of the page until someone wants it.
  expect(panelChunks).toEqual([]);
  await expect(panel(page)).toBeHidden();

  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  expect(panelChunks).toHaveLength(1);
  await expect(panel(page).getByRole('heading', { name: t.button })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: t.close })).toBeVisible();
  await expect(input(page)).toBeFocused();
  await expect(input(page)).toHaveAttribute('placeholder', t.placeholder);
  await expect(panel(page).getByText(t.tryAsking)).toBeVisible();
  const suggestions = panel(page).getByRole('list').getByRole('button');
  await expect(suggestions).toHaveText([...ASSISTANT_SUGGESTIONS]);

  // The lengths the reply shows as it is typed out (recorded in the page: the typing lasts at most 500 ms).
  // Also whether "Sending..." (disabled) and "AI is typing..." showed meanwhile.
  await page.evaluate(
    ({ sending, typing }) => {
      const seen: number[] = [];
      const w = window as { __replyLengths?: number[]; __sawSending?: boolean; __sawTyping?: boolean };
      w.__replyLengths = seen;
      new MutationObserver(() => {
        const reply = document.querySelector('[data-testid="ai-message"]');
        if (reply) seen.push(reply.textContent?.length ?? 0);
        if (Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.trim() === sending && b.disabled)) w.__sawSending = true;
        if (Array.from(document.querySelectorAll('[role="status"]')).some((n) => n.textContent?.includes(typing))) w.__sawTyping = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { sending: t.sending as string, typing: t.typing as string },
  );
  await panel(page).getByRole('button', { name: question }).click();
  await expect(questions(page)).toHaveText([`${t.fromYou} ${question}`]);
  await expect(panel(page).getByText(t.tryAsking)).toBeHidden();
  // Typed out: what shows first is only the start of the reply.
  await expect(replies(page)).toHaveCount(1);
  const reply = await completeReply(page);
  const lengths = await page.evaluate(() => (window as { __replyLengths?: number[] }).__replyLengths ?? []);
  expect(Math.min(...lengths)).toBeLessThan((await reply.textContent())?.length ?? 0);
  // While the answer came and was typed out: the Send button waited and the AI was typing.
  expect(await page.evaluate(() => (window as { __sawSending?: boolean }).__sawSending)).toBe(true);
  expect(await page.evaluate(() => (window as { __sawTyping?: boolean }).__sawTyping)).toBe(true);
  // The reply's last line "Read more: <title> <path>" is drawn as a link below its text.
  await expect(reply).toContainText(shownText(expected));
  await expect(reply).toContainText('Create Issue');
  await expect(panel(page).getByText(t.typing)).toBeHidden();
  await expect(panel(page).getByRole('button', { name: t.send, exact: true })).toBeEnabled();

  const link = reply.getByRole('link', { name: `${t.readMore}: How to report an issue` });
  await expect(link).toHaveAttribute('href', '/help/report-an-issue');
  await link.click();
  await expect(page).toHaveURL(/\/help\/report-an-issue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to report an issue' })).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();

  // The conversation is still there when the panel opens again on the next page.
  await launcher(page).click();
  await expect(questions(page)).toHaveCount(1);
  await expect(replies(page).first()).toContainText(shownText(expected));
  await expect(panel(page).getByText(t.tryAsking)).toBeHidden();
});

test('keyboard only: Tab to the button, Enter opens, Shift+Enter adds a line, Enter sends, Escape closes', async ({ page }) => {
  test.setTimeout(budget(60_000));
  const asks = countAsks(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await launcher(page).evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  // A visible focus ring.
  expect(await launcher(page).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();

  // Empty and whitespace-only questions are not sent.
  await page.keyboard.press('Enter');
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveValue('   ');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('How do I edit');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('my profile?');
  await expect(input(page)).toHaveValue('How do I edit\nmy profile?');
  await expect(questions(page)).toHaveCount(0);
  await expect(panel(page).getByText(t.tryAsking)).toBeVisible();
  // Over 1,000 characters: not sent either, and the field says why.
  const typed = await input(page).inputValue();
  await input(page).fill('x'.repeat(1001));
  await page.keyboard.press('Enter');
  await expect(panel(page).getByText(t.tooLong)).toBeVisible();
  await expect(input(page)).toHaveAttribute('aria-invalid', 'true');
  await input(page).fill(typed);
  await expect(panel(page).getByText(t.tooLong)).toBeHidden();
  expect(asks.count).toBe(0);

  await page.keyboard.press('Enter');
  await expect(questions(page)).toHaveCount(1);
  await expect(input(page)).toHaveValue('');
  const reply = await completeReply(page);
  await expect(reply.getByRole('link', { name: /^Read more: / })).toHaveAttribute('href', /^\/help\//);
  expect(asks.count).toBe(1);

  // Tab reaches the reply's link, then Escape closes from anywhere in the panel.
  await reply.getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(input(page)).toBeFocused();
  await expect(questions(page)).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test("a signed-in citizen asks about their report and the reply links to it", async ({ page, request, citizen }) => {
  test.setTimeout(budget(60_000));
  const word = `Lotus${randomBytes(3).toString('hex')}`;
  const token = await loginToken(request, citizen);
  const postId = await createPostViaApi(request, token, { caption: `Broken streetlight beside ${word} park gate` });
  await signIn(page, token, '/user/dashboard');
  await launcher(page).click();
  await input(page).fill(`what is the status of my report about ${word}`);
  await input(page).press('Enter');
  const reply = await completeReply(page);
  const link = reply.getByRole('link', { name: `/post/${postId}` });
  await expect(link).toBeVisible();
  await expect(reply).toContainText(word);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('article').first()).toContainText(word);

  // Signing out leaves no answer about one's own reports in the panel for the next person.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await launcher(page).click();
  await expect(panel(page).getByText(t.tryAsking)).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await expect(panel(page)).not.toContainText(word);
});

test('failures show ⚠️ Something went wrong.; a refusal shows the server’s message', async ({ page }) => {
  let answer: (route: Parameters<Parameters<Page['route']>[1]>[0]) => Promise<void> = (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
  await page.route('**/api/ask', (route) => answer(route));
  await page.goto('/contact');
  await launcher(page).click();

  const ask = async (question: string) => {
    await input(page).fill(question);
    await input(page).press('Enter');
    return completeReply(page);
  };
  await expect(await ask('Server error?')).toHaveText(`${t.fromAi} ${t.failed}`);
  await expect(panel(page).getByRole('button', { name: t.send, exact: true })).toBeEnabled();

  answer = (route) => route.abort('connectionrefused');
  await expect(await ask('No connection?')).toHaveText(`${t.fromAi} ${t.failed}`);

  // A 200 that is not an answer, and a stream that ends before its `done`.
  answer = (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  await expect(await ask('Empty answer?')).toHaveText(`${t.fromAi} ${t.failed}`);
  answer = (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'event: delta\ndata: {"text":"Half an ans"}\n\n' });
  await expect(await ask('Cut off?')).toHaveText(`${t.fromAi} ${t.failed}`);

  const limited = TEXTS.auth.rateLimited;
  answer = (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: limited }) });
  await expect(await ask('Too many?')).toHaveText(`${t.fromAi} ${limited}`);
  await expect(replies(page)).toHaveCount(5);
  await expect(questions(page)).toHaveCount(5);
});

test('JSON answers, `replace` in a stream, and markup in a reply shown as text', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let answer: (route: Parameters<Parameters<Page['route']>[1]>[0]) => Promise<void> = (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ reply: 'A plain JSON answer. Write to us: /contact.', source: 'help', article: 'contact-us' }),
    });
  await page.route('**/api/ask', (route) => answer(route));
  await page.goto('/');
  await launcher(page).click();
  const ask = async (question: string) => {
    await input(page).fill(question);
    await input(page).press('Enter');
    return completeReply(page);
  };

  const json = await ask('JSON please');
  await expect(json).toHaveText(`${t.fromAi} A plain JSON answer. Write to us: /contact.`);
  await expect(json.getByRole('link')).toHaveAttribute('href', '/contact');

  const sse = (events: [string, unknown][]) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  answer = (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([
        ['delta', { text: 'A draft the model ' }],
        ['delta', { text: 'got wrong' }],
        ['replace', { text: 'Votes: see /help/votes' }],
        ['done', { reply: 'Votes: see /help/votes', source: 'help', article: 'votes' }],
      ]),
    });
  const replaced = await ask('Stream please');
  await expect(replaced).toHaveText(`${t.fromAi} Votes: see /help/votes`);
  await expect(replaced.getByRole('link', { name: '/help/votes' })).toBeVisible();

  const markup = '<img src=x onerror="window.__xss=1"><b>bold</b> javascript:alert(1) <a href="https://evil.example">x</a> https://example.org/page';
  answer = (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ reply: markup, source: 'llm', article: null }) });
  const shown = await ask('Markup please');
  // The markup is shown as the text it is (each web address with its "opens in a new tab" for screen readers).
  await expect(shown).toHaveText(
    `${t.fromAi} ${markup.replace('https://evil.example', `https://evil.example ${t.newTab}`).replace('/page', `/page ${t.newTab}`)}`,
  );
  await expect(shown.locator('img, b, script')).toHaveCount(0);
  // Only the http(s) addresses are links, opening in a new tab without access to this one.
  const links = shown.getByRole('link');
  await expect(links).toHaveCount(2);
  for (const [i, href] of ['https://evil.example', 'https://example.org/page'].entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', href);
    await expect(links.nth(i)).toHaveAttribute('target', '_blank');
    await expect(links.nth(i)).toHaveAttribute('rel', 'noopener noreferrer');
  }
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('with prefers-reduced-motion the reply shows at once', async ({ page, request }) => {
  const question = ASSISTANT_SUGGESTIONS[2];
  const expected = await serverReply(request, question);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await launcher(page).click();
  await panel(page).getByRole('button', { name: question }).click();
  await expect(replies(page)).toHaveCount(1);
  // Read once, the moment the reply appears: all of it is there (typed out, it would be a few characters).
  const shown = expected.replace(/\n\n(Read more: [^\n]*) \/help\/[a-z0-9-]+$/, '$1');
  expect(await replies(page).first().textContent()).toBe(`${t.fromAi} ${shown}`);
  await expect(replies(page).first()).toHaveAttribute('data-complete', 'true');
});

for (const size of [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
]) {
  test.describe(`at ${size.label} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the floating button leaves the footer readable; the open panel with replies fits, scrolls to the newest and passes axe', async ({ page }) => {
      test.setTimeout(budget(90_000));
      await page.goto('/');
      await expect(launcher(page)).toBeVisible();
      // The footer (below the fold) comes once the page has loaded and painted.
      await expect(page.getByRole('contentinfo')).toBeAttached();
      expect(await footerUnderButton(page)).toEqual([]);
      await noSidewaysScroll(page);

      await launcher(page).click();
      await expect(input(page)).toBeFocused();
      await page.screenshot({ path: path.join(SCREENSHOTS, `assistant-panel-empty-${size.label}.png`) });
      for (const question of [ASSISTANT_SUGGESTIONS[0], ASSISTANT_SUGGESTIONS[3]]) {
        await input(page).fill(question);
        await input(page).press('Enter');
        await completeReply(page);
      }
      await expect(replies(page)).toHaveCount(2);
      // The newest reply's end is scrolled into view.
      await expect(replies(page).last().getByRole('link').last()).toBeInViewport();
      await noSidewaysScroll(page);
      const box = await panel(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, `assistant-panel-reply-${size.label}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a help article page, the list on /help, and the unknown and failing cases', async ({ page }) => {
      await page.goto('/help');
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
      // The FAQ stays; the articles are listed with links to their pages.
      await expect(page.getByText('How does my department join?')).toBeVisible();
      const list = page.getByTestId('help-articles');
      await expect(page.getByRole('heading', { level: 2, name: HELP_UI.articlesHeading })).toBeVisible();
      // The articles arrive from the server after the heading: wait for them, then count.
      await expect.poll(() => list.getByRole('link').count()).toBeGreaterThanOrEqual(10);
      await list.getByRole('link', { name: 'How to report an issue' }).click();

      await expect(page).toHaveURL(/\/help\/report-an-issue$/);
      await expect(page.getByRole('heading', { level: 1, name: 'How to report an issue' })).toBeVisible();
      await expect(page).toHaveTitle(/^How to report an issue/);
      await expect(page.getByRole('heading', { level: 2, name: 'Steps' })).toBeVisible();
      // Markdown rendered: a numbered list with bold words, not the marks themselves.
      await expect(page.locator('article ol li strong', { hasText: 'Create Issue' })).toBeVisible();
      await expect(page.locator('article')).not.toContainText('**');
      await noSidewaysScroll(page);
      await shoot(page, `help-article-${size.label}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: HELP_UI.backToHelp }).click();
      await expect(page).toHaveURL(/\/help$/);

      await page.goto('/help/no-such-article');
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(TEXTS.notFoundPage.title) })).toBeVisible();

      await page.route('**/api/help/votes', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
      await page.goto('/help/votes');
      await expect(page.getByText(HELP_UI.failedArticle)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
      await page.unroute('**/api/help/votes');
      await page.getByRole('button', { name: HELP_UI.tryAgain }).click();
      await expect(page.getByRole('heading', { level: 1, name: /vot/i })).toBeVisible();
    });
  });
}
