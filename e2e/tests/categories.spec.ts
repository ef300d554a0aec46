import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CATEGORIES, CATEGORY_UI, GOV_UI, JURISDICTION_TEXTS, POST_TEXTS, POST_UI } from '@civicpulse/shared';
import type { Page } from '@playwright/test';
import { adminAccount, budget, createPostViaApi, expect, expectShowingMatchesApi, loginToken, revealLazyContent, SCREENSHOTS, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';
import { EMPTY_TILE_PNG, roadPhotoPng } from '../support/images';

/** Map tiles come from a public tile server; offline runs answer them with an empty tile. */
async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }));
}

async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  await revealLazyContent(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

const roads = CATEGORIES.roads.name;
const garbage = CATEGORIES.garbage.name;

test('a citizen files a report with the category suggested from the caption, and the feed filters by it', async ({ page, browser, baseURL, request, citizen }) => {
  test.setTimeout(budget(120_000));
  const tag = randomBytes(3).toString('hex');
  const caption = `Huge pothole near the bus stand ${tag}`;
  await stubTiles(page);
  await signIn(page, await loginToken(request, citizen), '/user/dashboard/createPost');
  await expect(page.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible();

  // ---- the picker: a radio group with every category, Other until the caption says more ----
  const group = page.getByRole('group', { name: CATEGORY_UI.legend });
  await expect(group.getByRole('radio')).toHaveCount(12);
  await expect(group.getByRole('radio', { name: CATEGORIES.other.name })).toBeChecked();
  await page.getByLabel(POST_UI.caption).fill(caption);
  await expect(group.getByRole('radio', { name: roads })).toBeChecked();
  await expect(group.getByText(CATEGORY_UI.suggested)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'categories-picker-suggested-1280.png') });
  // While the user has not picked, the choice follows the caption.
  await page.getByLabel(POST_UI.caption).fill(`Kachra not collected for days ${tag}`);
  await expect(group.getByRole('radio', { name: garbage })).toBeChecked();
  await page.getByLabel(POST_UI.caption).fill(caption);
  await expect(group.getByRole('radio', { name: roads })).toBeChecked();

  // Keyboard: Tab from the caption reaches the group (one stop, on the checked radio); arrows move the choice.
  await page.getByLabel(POST_UI.caption).focus();
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio', { name: roads })).toBeFocused();
  const focusRing = await group
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: roads }) })
    .evaluate((el) => getComputedStyle(el).boxShadow);
  expect(focusRing).not.toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: garbage })).toBeChecked();
  await expect(group.getByText(CATEGORY_UI.suggested)).toBeHidden();
  // Picked by the user: a new caption no longer moves it.
  await page.getByLabel(POST_UI.caption).fill(`${caption} again`);
  await expect(group.getByRole('radio', { name: garbage })).toBeChecked();
  await page.getByLabel(POST_UI.caption).fill(caption);
  // Back to the suggested one, by click this time.
  await group.getByText(roads).click();
  await expect(group.getByRole('radio', { name: roads })).toBeChecked();

  // ---- the rest of the form, with a city ----
  await page.getByLabel(POST_UI.images).setInputFiles([{ name: 'pothole.png', mimeType: 'image/png', buffer: roadPhotoPng() }]);
  await page.getByLabel(POST_UI.state).selectOption('Maharashtra');
  await page.getByLabel(POST_UI.landmark).fill('Swargate bus stand');
  await page.getByLabel(POST_UI.address).fill('Shankarshet Road, Swargate');
  await page.getByLabel(JURISDICTION_TEXTS.reportCity, { exact: true }).fill('Pune');
  await page.getByLabel(POST_UI.pincode).fill('411042');
  await page.locator('.leaflet-container').click();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
  await snap(page, 'categories-create-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await group.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'categories-picker-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  const sent = page.waitForRequest('**/api/user/createPost');
  await page.getByRole('button', { name: POST_UI.submit }).click();
  expect((await sent).postData()).toContain('name="category"\r\n\r\nroads');
  await expect(toast(page, POST_TEXTS.created)).toBeVisible();
  await expect(page).toHaveURL(/\/post\/[0-9a-f]{24}$/);
  // The post page shows the category.
  const article = page.getByRole('article', { name: caption });
  await expect(article.getByTestId('category-badge')).toHaveAttribute('data-category', 'roads');
  await expect(article.getByTestId('category-badge')).toContainText(roads);

  // ---- My Issues: the card shows it, and the category filter keeps or hides it ----
  await page.goto('/user/dashboard/userPosts');
  const mine = page.getByRole('article', { name: caption });
  await expect(mine.getByTestId('category-badge')).toContainText(roads);
  const myFilter = page.getByTestId('my-posts-filters').getByLabel(CATEGORY_UI.filterLabel, { exact: true });
  await myFilter.selectOption('water');
  await expect(mine).toHaveCount(0);
  await myFilter.selectOption('roads');
  await expect(mine).toBeVisible();

  // ---- a neighbour's feed, filtered ----
  const neighbour = await signupUser(request, { name: 'Meera Joshi' });
  const neighbourToken = await loginToken(request, neighbour);
  // Another report in another category, so the filter has something to hide.
  const waterCaption = `No water supply since morning ${tag}`;
  await createPostViaApi(request, await loginToken(request, citizen), { caption: waterCaption });
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  await stubTiles(other);
  await signIn(other, neighbourToken, '/');
  await expect(other.getByRole('heading', { name: POST_UI.feedHeading })).toBeVisible();
  const card = other.getByRole('article', { name: caption });
  const waterCard = other.getByRole('article', { name: waterCaption });
  await expect(card).toBeVisible();
  await expect(waterCard.getByTestId('category-badge')).toHaveAttribute('data-category', 'water');
  const feedFilter = other.getByLabel(CATEGORY_UI.filterLabel, { exact: true });
  await expect(feedFilter.locator('option').first()).toHaveText(CATEGORY_UI.allCategories);
  await feedFilter.selectOption('roads');
  await expect(card).toBeVisible();
  await expect(waterCard).toHaveCount(0);
  await expect(card.getByTestId('category-badge')).toContainText(roads);
  // The city given on the form is part of the location line.
  await expect(card).toContainText('Swargate bus stand, Pune, Maharashtra - 411042');
  await snap(other, 'categories-feed-card-1280', false);
  await feedFilter.selectOption('garbage');
  await expect(card).toHaveCount(0);
  await feedFilter.selectOption('roads');
  await expect(card).toBeVisible();
  await other.setViewportSize({ width: 390, height: 844 });
  // The card's top just under the sticky header.
  await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
  await other.screenshot({ path: path.join(SCREENSHOTS, 'categories-feed-card-390.png') });
  const overflow = await other.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("a department's View Issues and the admin's Manage Posts filter by category, and the count follows", async ({ page, request, citizen }) => {
  test.setTimeout(budget(90_000));
  const tag = randomBytes(3).toString('hex');
  const citizenToken = await loginToken(request, citizen);
  const drain = `Naali jam hai, ganda paani on the road ${tag}`;
  const dogs = `Stray dogs chasing children near the school ${tag}`;
  await createPostViaApi(request, citizenToken, { caption: drain });
  await createPostViaApi(request, citizenToken, { caption: dogs });
  const deptToken = await verifiedDepartmentToken(request);
  const counts = async (category?: string) => {
    const res = await request.get(`/api/gov/allPosts?scope=unassigned&limit=1${category ? `&category=${category}` : ''}`, {
      headers: { Authorization: `Bearer ${deptToken}` },
    });
    return (await res.json()) as { total: number; matching: number };
  };

  await stubTiles(page);
  await signIn(page, deptToken, '/government/dashboard/viewPosts');
  // Other specs file and take over reports on this server meanwhile: each count is checked against the
  // API's answer to the same question (expectShowingMatchesApi reloads until one reading agrees).
  await expectShowingMatchesApi(page, () => counts());
  const filter = page.getByLabel(CATEGORY_UI.filterLabel, { exact: true });
  await filter.selectOption('drainage');
  await expect(page).toHaveURL(/category=drainage/);
  const drainage = await expectShowingMatchesApi(page, () => counts('drainage'));
  const all = await counts();
  expect(drainage.matching).toBeGreaterThanOrEqual(1);
  expect(drainage.matching).toBeLessThan(all.matching);
  await expect(page.getByRole('article', { name: drain })).toBeVisible();
  await expect(page.getByRole('article', { name: dogs })).toHaveCount(0);
  await expect(page.getByRole('button', { name: GOV_UI.removeFilter(CATEGORY_UI.chip(CATEGORIES.drainage.name)) })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'categories-gov-filter-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'categories-gov-filter-390.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The chip removes the filter; the count goes back.
  await page.getByRole('button', { name: GOV_UI.removeFilter(CATEGORY_UI.chip(CATEGORIES.drainage.name)) }).click();
  await expect(filter).toHaveValue('');
  await expectShowingMatchesApi(page, () => counts());

  // The admin's list.
  await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard/managePosts');
  await expect(page.getByRole('article', { name: dogs })).toBeVisible();
  await page.getByLabel(CATEGORY_UI.filterLabel, { exact: true }).selectOption('animals');
  await expect(page.getByRole('article', { name: drain })).toHaveCount(0);
  await expect(page.getByRole('article', { name: dogs }).getByTestId('category-badge')).toHaveAttribute('data-category', 'animals');
});
