/**
 * Issue 13, Community Chat in the browser (spec 2.14): two citizens in two browser contexts see each
 * other's messages live, with names, 'You' on the right and line breaks kept; departments are kept out
 * by the route guard and by the server; a refused send says 'Failed to send message' and keeps the
 * text; older history loads when the reader scrolls up, keeping their place; the screen at 1280 px and
 * 390 px.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { CHAT_LIMITS, CHAT_TEXTS, LIVE_UI } from '@civicpulse/shared';
import {
  budget,
  expect,
  liveConnected,
  loginToken,
  noSidewaysScroll,
  SCREENSHOTS,
  shoot,
  signIn,
  signupGovernment,
  signupUser,
  test,
  toast,
} from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

const CHAT = '/user/dashboard/communityChat';

const tag = () => randomBytes(3).toString('hex');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function openChat(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, token, CHAT);
  await expect(page.getByRole('heading', { level: 1, name: CHAT_TEXTS.heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: LIVE_UI.chatLoading })).toHaveCount(0);
  await liveConnected(page);
  return page;
}

function log(page: Page): Locator {
  return page.getByRole('log', { name: CHAT_TEXTS.messageList });
}

/** The one message on screen whose text contains `text`. */
function message(page: Page, text: string): Locator {
  return log(page).getByTestId('chat-message').filter({ hasText: text });
}

function box(page: Page): Locator {
  return page.getByRole('textbox', { name: CHAT_TEXTS.messageLabel });
}

/** Where a message's bubble sits in the list: its distance from the list's left and right edges. */
async function margins(page: Page, text: string): Promise<{ left: number; right: number }> {
  const list = await log(page).boundingBox();
  const bubble = await message(page, text).getByTestId('chat-text').boundingBox();
  if (!list || !bubble) throw new Error('message or list not on screen');
  return { left: bubble.x - list.x, right: list.x + list.width - (bubble.x + bubble.width) };
}

test('two citizens chat live: names, You on the right, line breaks kept, no reload', async ({ browser, baseURL, request }) => {
  test.setTimeout(budget(90_000));
  const t = tag();
  const asha = await signupUser(request, { name: `Asha ${t}` });
  const ravi = await signupUser(request, { name: `Ravi ${t}` });
  const pageA = await openChat(browser, baseURL!, await loginToken(request, asha));
  const pageB = await openChat(browser, baseURL!, await loginToken(request, ravi));

  await expect(box(pageA)).toHaveAttribute('placeholder', CHAT_TEXTS.placeholder);
  // Shift+Enter is a new line; Enter sends.
  await box(pageA).click();
  await pageA.keyboard.type(`Hello from A ${t}`);
  await pageA.keyboard.press('Shift+Enter');
  await pageA.keyboard.type('Second line');
  await expect(box(pageA)).toHaveValue(`Hello from A ${t}\nSecond line`);
  await pageA.keyboard.press('Enter');
  await expect(box(pageA)).toHaveValue('');

  // The sender sees it as 'You', on the right, with the line break.
  const own = message(pageA, `Hello from A ${t}`);
  await expect(own).toHaveCount(1);
  await expect(own.getByTestId('chat-sender')).toHaveText(CHAT_TEXTS.you);
  await expect(own.getByTestId('chat-text')).toHaveJSProperty('innerText', `Hello from A ${t}\nSecond line`);
  await expect(own.locator('time')).toHaveText(/\d{4}/);
  const ownPlace = await margins(pageA, `Hello from A ${t}`);
  expect(ownPlace.right).toBeLessThan(ownPlace.left);

  // The other citizen sees it without reloading, under the sender's name, on the left.
  const seen = message(pageB, `Hello from A ${t}`);
  await expect(seen).toHaveCount(1);
  await expect(seen.getByTestId('chat-sender')).toHaveText(`Asha ${t}`);
  await expect(seen.getByTestId('chat-text')).toHaveJSProperty('innerText', `Hello from A ${t}\nSecond line`);
  const theirPlace = await margins(pageB, `Hello from A ${t}`);
  expect(theirPlace.left).toBeLessThan(theirPlace.right);
  // Initials stand in for a missing photo.
  await expect(seen.getByText('A' + t[0]!.toUpperCase(), { exact: true })).toBeVisible();

  // The reply, with the Send button this time, reaches the first citizen live.
  await box(pageB).fill(`Hi A, this is B ${t}`);
  await pageB.getByRole('button', { name: CHAT_TEXTS.send, exact: true }).click();
  await expect(box(pageB)).toHaveValue('');
  await expect(message(pageB, `Hi A, this is B ${t}`).getByTestId('chat-sender')).toHaveText(CHAT_TEXTS.you);
  const reply = message(pageA, `Hi A, this is B ${t}`);
  await expect(reply.getByTestId('chat-sender')).toHaveText(`Ravi ${t}`);
  // Each message once, in the order sent, the newest last and in view. (Other specs chat in the same
  // room at the same time, so the order is read among this test's own messages.)
  await expect(message(pageA, t)).toHaveCount(2);
  await expect(message(pageA, t).last()).toContainText(`Hi A, this is B ${t}`);
  await expect(reply).toBeInViewport();

  // HTML is shown as text, never interpreted.
  await box(pageB).fill(`<b>bold?</b> ${t}`);
  await box(pageB).press('Enter');
  await expect(message(pageA, `<b>bold?</b> ${t}`)).toHaveCount(1);
  await expect(log(pageA).locator('b')).toHaveCount(0);

  await pageA.context().close();
  await pageB.context().close();
});

test('after the connection drops, the chat catches up on what was said meanwhile', async ({ page, context, request }) => {
  const t = tag();
  const reader = await signupUser(request, { name: `Nisha ${t}` });
  const neighbourToken = await loginToken(request, await signupUser(request, { name: `Imran ${t}` }));
  await signIn(page, await loginToken(request, reader), CHAT);
  await expect(page.getByRole('heading', { level: 1, name: CHAT_TEXTS.heading })).toBeVisible();
  await liveConnected(page);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: LIVE_UI.chatReconnecting })).toBeVisible();
  const res = await request.post('/api/user/sendMessage', { headers: bearer(neighbourToken), data: { msg: `Said while you were away ${t}` } });
  expect(res.status()).toBe(201);
  await expect(message(page, t)).toHaveCount(0);

  await context.setOffline(false);
  // socket.io retries within the spec's 5 s at most; then the missed message is fetched.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
  await expect(message(page, `Said while you were away ${t}`).getByTestId('chat-sender')).toHaveText(`Imran ${t}`);
  await expect(message(page, t)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: LIVE_UI.chatReconnecting })).toHaveCount(0);
});

test('a message arriving away from the chat screen is announced with a toast', async ({ page, request }) => {
  const t = tag();
  const citizenToken = await loginToken(request, await signupUser(request, { name: `Leela ${t}` }));
  const neighbourToken = await loginToken(request, await signupUser(request, { name: `Sunil ${t}` }));
  await signIn(page, citizenToken, '/user/dashboard');
  await liveConnected(page);
  const res = await request.post('/api/user/sendMessage', { headers: bearer(neighbourToken), data: { msg: `Anyone near the park? ${t}` } });
  expect(res.status()).toBe(201);
  await expect(toast(page, LIVE_UI.chatNewMessageFrom(`Sunil ${t}`))).toBeVisible();
});

test('a department is kept out of Community Chat: redirected, and refused by the server', async ({ page, request }) => {
  const department = await signupGovernment(request);
  const token = await loginToken(request, department);
  await signIn(page, token, CHAT);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: CHAT_TEXTS.heading })).toHaveCount(0);
  const history = await request.get('/api/user/getMessage', { headers: bearer(token) });
  expect(history.status()).toBe(403);
  const send = await request.post('/api/user/sendMessage', { headers: bearer(token), data: { msg: 'Hello citizens' } });
  expect(send.status()).toBe(403);
});

test("a refused send says 'Failed to send message' and keeps the text; blank messages are not sent", async ({ page, request }) => {
  const t = tag();
  const citizen = await signupUser(request, { name: `Meera ${t}` });
  await signIn(page, await loginToken(request, citizen), CHAT);
  await expect(page.getByRole('heading', { level: 1, name: CHAT_TEXTS.heading })).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/user/sendMessage')) sent.push(r.postData() ?? '');
  });

  // Whitespace only: the Send button stays off and Enter does nothing.
  await box(page).fill('   \n  ');
  await expect(page.getByRole('button', { name: CHAT_TEXTS.send, exact: true })).toBeDisabled();
  await box(page).press('Enter');
  await expect(box(page)).toHaveValue('   \n  ');

  await page.route('**/api/user/sendMessage', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
  );
  await box(page).fill(`Is the water back on Ward 7? ${t}`);
  await box(page).press('Enter');
  await expect(toast(page, CHAT_TEXTS.failed)).toBeVisible();
  await expect(box(page)).toHaveValue(`Is the water back on Ward 7? ${t}`);
  await expect(message(page, t)).toHaveCount(0);

  // Sent again once the server takes it: shown once, the box emptied.
  await page.unroute('**/api/user/sendMessage');
  await page.getByRole('button', { name: CHAT_TEXTS.send, exact: true }).click();
  await expect(box(page)).toHaveValue('');
  await expect(message(page, t)).toHaveCount(1);
  // Two sends reached the network (the refused one and this one); the blank one never did.
  expect(sent).toHaveLength(2);
  expect(sent.every((body) => body.includes(t))).toBe(true);
});

test('older history loads when scrolling up, keeping the reader in place; the screen at 1280 and 390 px', async ({ page, request }) => {
  test.setTimeout(budget(120_000));
  const t = tag();
  // More than one page of history, from three neighbours (each has a per-minute budget).
  const total = CHAT_LIMITS.pageDefault + 10;
  const senders = await Promise.all(
    ['Kavya', 'Arjun', 'Farah', 'Vikram'].map(async (name) => loginToken(request, await signupUser(request, { name: `${name} ${t}` }))),
  );
  for (let i = 1; i <= total; i++) {
    const token = senders[i % senders.length]!;
    const text =
      i === total - 1
        ? `#${i} ${t} a long link with no spaces: https://example.com/${'ward-7-water-supply-'.repeat(6)}`
        : i === total - 2
          ? `#${i} ${t} Lines:\none\ntwo\nthree`
          : `#${i} ${t} message about the water supply in ward ${i}`;
    const res = await request.post('/api/user/sendMessage', { headers: bearer(token), data: { msg: text } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const reader = await signupUser(request, { name: `Reader ${t}` });
  const readerToken = await loginToken(request, reader);
  const mine = await request.post('/api/user/sendMessage', { headers: bearer(readerToken), data: { msg: `My own note ${t}` } });
  expect(mine.status()).toBe(201);

  await signIn(page, readerToken, CHAT);
  await expect(page.getByRole('heading', { level: 1, name: CHAT_TEXTS.heading })).toBeVisible();
  // Opened at the newest message.
  await expect(message(page, `My own note ${t}`)).toBeInViewport();
  await expect(message(page, `#1 ${t} `)).toHaveCount(0);
  await shoot(page, 'chat-1280.png');

  // Scrolling to the top fetches the page before; the message that was at the top stays in view.
  const topBefore = log(page).getByTestId('chat-message').first();
  const topText = (await topBefore.getByTestId('chat-text').innerText()).trim();
  await log(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(message(page, `#1 ${t} `)).toHaveCount(1);
  await expect(message(page, topText)).toBeInViewport();
  expect(await log(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await log(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(message(page, `My own note ${t}`)).toBeInViewport();
  await noSidewaysScroll(page);
  await expect(box(page)).toBeInViewport();
  await shoot(page, 'chat-390.png');
});
