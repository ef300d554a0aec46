import path from 'node:path';
import { UI } from '@civicpulse/shared';
import { expect, SCREENSHOTS, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the slide-in menu mirrors the header for visitors and closes on navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Login', 'Signup']);
  // The panel covers the screen's height, not just the header's.
  expect((await menu.boundingBox())?.height).toBe(844);
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-menu-open.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(menu).toBeHidden();
});

test('the slide-in menu for a citizen has the account entries and logs out', async ({ page, citizen, loginAs }) => {
  const token = await loginAs(citizen);
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: string };
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(citizen.email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
  await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', `/user/profile/${payload.id}`);
  await expect(menu.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/user/dashboard/userProfile');
  await expect(menu.getByRole('link', { name: 'Developers' })).toBeVisible();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(menu).toBeHidden();
});

test('dashboard side menu is a 250 px drawer toggled by a button', async ({ page, citizen, loginAs }) => {
  await loginAs(citizen, '/user/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome Back/ })).toBeVisible();
  const drawer = page.getByRole('dialog', { name: 'Citizen Dashboard' });
  await expect(drawer).not.toBeInViewport();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-user-dashboard.png'), fullPage: true });
  const toggle = page.getByRole('button', { name: 'Citizen Dashboard menu' });
  await toggle.click();
  await expect(drawer).toBeInViewport();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(UI.drawerWidthPx, 0);
  // The backdrop covers the sticky header too.
  expect(await page.evaluate(() => document.elementFromPoint(370, 30)?.closest('header') ?? null)).toBeNull();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'mobile-user-drawer-open.png') });
  await drawer.getByRole('link', { name: 'My Issues' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard\/userPosts$/);
  await expect(drawer).not.toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
