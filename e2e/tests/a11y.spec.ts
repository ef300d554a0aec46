import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const viewport of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.label}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [name, path, heading] of [
      ['landing', '/', 'Report it. Track it. See it fixed.'],
      ['login', '/login', 'Welcome Back'],
      ['signup', '/signup', 'Create an Account'],
    ] as const) {
      test(`${name} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('government signup tab and a signed-in dashboard have no serious or critical violations', async ({
  page,
  citizen,
  loginAs,
}) => {
  await page.goto('/signup');
  await page.getByRole('tab', { name: 'Government' }).click();
  await expect(page.getByLabel('Proof Document')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await loginAs(citizen, '/user/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome Back/ })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});
