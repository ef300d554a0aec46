/**
 * Issue 17 item 8: a phone-sized photo is resized in the browser before upload, so a report costs well
 * under 1 MB of mobile data (the server still re-encodes); and item 7: createPost carries an
 * Idempotency-Key. Measured on the real request the page sends.
 */
import path from 'node:path';
import { POST_TEXTS, POST_UI } from '@civicpulse/shared';
import type { Page, Request } from '@playwright/test';
import { budget, expect, loginToken, SCREENSHOTS, signIn, test, toast } from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';

const MB = 1024 * 1024;

/**
 * A 4000x3000 JPEG of about 6 MB, like a phone camera's: a sky and a road with a pothole, under grain
 * at two scales (per pixel, and in 8 px patches that survive downscaling, as texture does). Made by the
 * browser's own JPEG encoder at quality 0.96 from a seeded generator, so every run sends the same bytes.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const w = 4000;
    const h = 3000;
    let seed = 0x2026_0317;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
    const patches = new Float32Array((w / 8) * (h / 8)).map(() => (random() - 0.5) * 50);
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d')!;
    const image = ctx.createImageData(w, h);
    const px = image.data;
    for (let y = 0; y < h; y++) {
      const road = y > h * 0.45;
      const base = road ? 95 + 40 * (y / h) : 150 + 80 * (1 - y / h);
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const dx = (x - w * 0.55) / (w * 0.2);
        const dy = (y - h * 0.7) / (h * 0.12);
        const v = base + (dx * dx + dy * dy < 1 ? -55 : 0);
        const grain = (random() - 0.5) * 36 + patches[(y >> 3) * (w / 8) + (x >> 3)]!;
        px[i] = v + grain + (road ? 0 : -40);
        px[i + 1] = v + grain * 0.9 + (road ? -4 : -10);
        px[i + 2] = v + grain * 1.1 + (road ? -12 : 40);
        px[i + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.96 });
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
      reader.readAsDataURL(jpeg);
    });
  });
  return Buffer.from(base64, 'base64');
}

test('a 6 MB phone photo is sent as less than 1 MB, with an Idempotency-Key, and the report shows it', async ({ page, request, citizen }) => {
  test.setTimeout(budget(90_000));
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
  await signIn(page, await loginToken(request, citizen), '/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();

  const photo = await phonePhoto(page);
  expect(photo.length).toBeGreaterThan(5.5 * MB);
  expect(photo.length).toBeLessThan(7.5 * MB);
  expect(photo.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG

  const caption = `Pothole photographed on a phone ${Date.now().toString(36)}`;
  await page.getByLabel(POST_UI.caption).fill(caption);
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'IMG_20260317_091500.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  // The picker shows (and keeps) the resized file: WebP in Chromium, named for what it is.
  await expect(page.getByRole('button', { name: POST_UI.removeImage('IMG_20260317_091500.webp') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(POST_UI.photosChosen(1))).toBeVisible();
  await page.getByLabel(POST_UI.state).selectOption('Maharashtra');
  await page.getByLabel(POST_UI.landmark).fill('Opposite City Library');
  await page.getByLabel(POST_UI.address).fill('14 FC Road, Shivajinagar, Pune');
  await page.getByLabel(POST_UI.pincode).fill('411005');
  await page.locator('.leaflet-container').click();
  await expect(page.getByTestId('picked-coordinates')).toHaveText(/^Latitude \d+\.\d{5}/);

  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/api/user/createPost') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/createPost'));
  await page.getByRole('button', { name: POST_UI.submit }).click();
  const upload = await sent;
  const body = upload.postDataBuffer();
  expect(body).not.toBeNull();
  const headers = await upload.allHeaders();
  const bytes = body!.length;
  // What crossed the wire: the whole multipart body (photo, caption, location), under 1 MB.
  test.info().annotations.push({ type: 'photo bytes', description: `${photo.length} bytes chosen -> ${bytes} bytes sent` });
  console.log(`photo-resize: ${photo.length} bytes chosen -> createPost body ${bytes} bytes (content-length ${headers['content-length'] ?? 'n/a'})`);
  expect(bytes).toBeLessThan(1 * MB);
  if (headers['content-length']) expect(Number(headers['content-length'])).toBeLessThan(1 * MB);
  const multipart = body!.toString('latin1');
  expect(multipart).toContain('filename="IMG_20260317_091500.webp"');
  expect(multipart).toContain('Content-Type: image/webp');
  expect(headers['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  const response = await answered;
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { post: { _id: string; images: Array<{ url: string; width: number; height: number }> } };
  // 1600 x 1200 arrived; the server re-encoded it at its own display size, landscape as taken.
  expect(created.post.images).toHaveLength(1);
  expect(created.post.images[0]!.width).toBeGreaterThan(created.post.images[0]!.height);
  expect(created.post.images[0]!.width).toBeLessThanOrEqual(1600);

  await expect(toast(page, POST_TEXTS.created)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/post/${created.post._id}$`));
  const report = page.getByRole('article', { name: caption });
  await expect(report).toBeVisible();
  const shown = report.getByRole('img', { name: POST_UI.photoAlt(1, 1) });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'photo-resize-report.png') });
});
