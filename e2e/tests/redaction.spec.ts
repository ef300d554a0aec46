/**
 * Photo redaction in the browser: the department handling a report blurs part of its photo from the
 * report's page, at 1280 px by dragging a box with the mouse and at a 390 px phone width with the
 * keyboard ("Add box", arrows to move, Shift+arrows to resize) and a finger (a second box drawn by
 * touch, then removed). The dialog passes axe. After saving, the page shows the
 * photo under a new URL, the old URL is gone (404), and the pixels inside the box lost their detail
 * while the ones outside kept it. Screenshots of the dialog and of the result land
 * in e2e/artifacts/screenshots.
 */
import { REDACTION_TEXTS, REDACTION_UI, type Post } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';
import { seriousViolationsSettled } from '../support/axe';
import { checkerboardPng } from '../support/images';

async function postAs(request: APIRequestContext, token: string, id: string): Promise<Post> {
  const res = await request.get(`/api/posts/post/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { post: Post }).post;
}

/** The standard deviation of the grey values of a rectangle (fractions) of an image, decoded by the browser. */
function deviationIn(page: Page, url: string, r: { x0: number; y0: number; x1: number; y1: number }): Promise<number> {
  return page.evaluate(
    async ({ url, r }) => {
      const blob = await (await fetch(url, { cache: 'no-store' })).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const x = Math.round(r.x0 * bitmap.width);
      const y = Math.round(r.y0 * bitmap.height);
      const { data } = ctx.getImageData(x, y, Math.round(r.x1 * bitmap.width) - x, Math.round(r.y1 * bitmap.height) - y);
      let n = 0;
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < data.length; i += 4) {
        const v = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
        n += 1;
        sum += v;
        sq += v * v;
      }
      const mean = sum / n;
      return Math.sqrt(sq / n - mean * mean);
    },
    { url, r },
  );
}

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 }, input: 'pointer' },
  { name: '390', viewport: { width: 390, height: 844 }, input: 'keyboard' },
] as const;


for (const { name, viewport, input } of VIEWPORTS) {
  test.describe(`photo redaction at ${name} px`, () => {
    test.use({ viewport, hasTouch: input === 'keyboard' });

    test(`the department blurs a box on a report's photo (${input})`, async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = `${name}-${Date.now().toString(36)}`;
      const reporter = await loginToken(request, await signupUser(request));
      const postId = await createPostViaApi(request, reporter, { caption: `Car with its number plate by the drain ${tag}`, photo: { name: 'plate.png', buffer: checkerboardPng() } });
      const department = await verifiedDepartmentToken(request, { name: `Roads ${tag}` });
      const taken = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${department}` } });
      expect(taken.status(), await taken.text()).toBe(200);
      const before = (await postAs(request, department, postId)).images[0]!;

      // The reporter sees no redaction controls.
      await signIn(page, reporter, `/post/${postId}`);
      await expect(page.getByText(`Car with its number plate by the drain ${tag}`).first()).toBeVisible();
      await expect(page.getByTestId('photo-redaction')).toHaveCount(0);

      await signIn(page, department, `/post/${postId}`);
      const section = page.getByTestId('photo-redaction');
      await section.getByRole('button', { name: REDACTION_UI.open }).click();
      const dialog = page.getByRole('dialog', { name: REDACTION_UI.dialogTitle });
      await expect(dialog).toBeVisible();
      const area = dialog.getByTestId('redact-area');
      await expect(area.locator('img')).toHaveJSProperty('complete', true);

      // The box, as fractions of the photo.
      let box: { x0: number; y0: number; x1: number; y1: number };
      if (input === 'pointer') {
        const rect = (await area.boundingBox())!;
        await page.mouse.move(rect.x + rect.width * 0.3, rect.y + rect.height * 0.3);
        await page.mouse.down();
        await page.mouse.move(rect.x + rect.width * 0.5, rect.y + rect.height * 0.5, { steps: 4 });
        await page.mouse.move(rect.x + rect.width * 0.7, rect.y + rect.height * 0.75, { steps: 4 });
        await page.mouse.up();
        box = { x0: 0.3, y0: 0.3, x1: 0.7, y1: 0.75 };
      } else {
        // Keyboard only: add a box (it appears in the middle, focused), grow it and move it.
        await dialog.getByRole('button', { name: REDACTION_UI.addBox }).focus();
        await page.keyboard.press('Enter');
        const added = dialog.getByRole('group', { name: REDACTION_UI.box(1) });
        await expect(added).toBeFocused();
        for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowRight');
        for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowDown');
        for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
        await expect(added).toBeFocused();
        await shoot(page, `redact-focus-${name}.png`);
        // A second box drawn with a finger (touch: pointer events), removed again with its button.
        const rect = (await area.boundingBox())!;
        const touch = await page.context().newCDPSession(page);
        const point = (fx: number, fy: number) => [{ x: rect.x + rect.width * fx, y: rect.y + rect.height * fy }];
        await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0.05, 0.05) });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(0.15, 0.15) });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(0.25, 0.25) });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect(dialog.getByText(REDACTION_UI.boxCount(2))).toBeVisible();
        await dialog.getByRole('button', { name: REDACTION_UI.removeBox(2) }).click();
        box = { x0: 0.35, y0: 0.4, x1: 0.65, y1: 0.7 };
      }
      await expect(dialog.getByText(REDACTION_UI.boxCount(1))).toBeVisible();
      await expect(dialog.getByRole('group', { name: REDACTION_UI.box(1) })).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolationsSettled(page)).toEqual([]);
      await shoot(page, `redact-dialog-${name}.png`);

      const inner = { x0: box.x0 + 0.03, y0: box.y0 + 0.03, x1: box.x1 - 0.03, y1: box.y1 - 0.03 };
      expect(await deviationIn(page, new URL(before.url).pathname, inner)).toBeGreaterThan(100);

      await dialog.getByRole('button', { name: REDACTION_UI.save }).click();
      await expect(toast(page, REDACTION_TEXTS.redacted)).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The page shows the photo under its new URL; the old one is gone.
      const after = (await postAs(request, department, postId)).images[0]!;
      expect(after.url).not.toBe(before.url);
      expect(after.thumbUrl).not.toBe(before.thumbUrl);
      await expect(section.locator('img').first()).toHaveAttribute('src', after.thumbUrl);
      await expect(page.locator(`img[src="${before.thumbUrl}"]`)).toHaveCount(0);
      expect((await request.get(new URL(before.url).pathname)).status()).toBe(404);
      expect((await request.get(new URL(before.thumbUrl).pathname)).status()).toBe(404);

      // Inside the box the checkerboard is flat now; outside it is as sharp as before.
      const outside = { x0: 0, y0: 0, x1: 1, y1: 0.2 };
      expect(await deviationIn(page, new URL(after.url).pathname, inner)).toBeLessThan(20);
      expect(await deviationIn(page, new URL(after.url).pathname, outside)).toBeGreaterThan(100);
      await noSidewaysScroll(page);
      expect(await seriousViolationsSettled(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `redact-result-${name}.png`);
    });
  });
}
