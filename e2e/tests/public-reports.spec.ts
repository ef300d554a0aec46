/**
 * Public reports in the browser, at 1280 px and at a 390 px phone width: a visitor without an account
 * opens /reports, finds a report by its words, narrows by category and progress (the address keeps the
 * filters), sees the empty state with a way out, loads more (1280 px), and opens a report's public page.
 * Only the 1280 px run files more than a page of reports: every report lands in the shared feed too, and
 * other specs look for their own report on the feed's first page.
 */
import { REPORTS_UI } from '@civicpulse/shared';
import { changeInOneTask } from '../support/oneTask';
import { budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signupUser, test, verifiedDepartmentToken } from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 }, reports: 22 },
  { name: '390', viewport: { width: 390, height: 844 }, reports: 4 },
] as const;

for (const { name, viewport, reports } of VIEWPORTS) {
  test.describe(`public reports at ${name} px`, () => {
    test.use({ viewport });

    test('a visitor searches, filters and opens a report without an account', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = `rp${Date.now().toString(36)}`;
      const reporter = await loginToken(request, await signupUser(request, { name: `Reporter ${tag}` }));
      const ids: string[] = [];
      for (let i = 0; i < reports; i++) ids.push(await createPostViaApi(request, reporter, { caption: `Streetlight ${i} out ${tag}` }));
      const department = await verifiedDepartmentToken(request);
      const taken = await request.put(`/api/gov/progressState/${ids[0]}`, { headers: { Authorization: `Bearer ${department}` } });
      expect(taken.status()).toBe(200);

      await page.goto('/reports');
      await expect(page.getByRole('heading', { level: 1, name: REPORTS_UI.heading })).toBeVisible();
      await page.getByLabel(REPORTS_UI.search).fill(tag);
      await page.getByRole('button', { name: REPORTS_UI.apply }).click();
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      const rows = page.getByTestId('report-row');
      await expect(rows).toHaveCount(Math.min(reports, 20));
      await expect(rows.first()).toContainText(`Streetlight ${reports - 1} out ${tag}`);
      // The reporter's name is nowhere on the page.
      await expect(page.getByText(`Reporter ${tag}`)).toHaveCount(0);
      if (reports > 20) {
        await page.getByRole('button', { name: REPORTS_UI.loadMore }).click();
        await expect(rows).toHaveCount(reports);
      } else await expect(page.getByRole('button', { name: REPORTS_UI.loadMore })).toHaveCount(0);
      await noSidewaysScroll(page);
      await shoot(page, `reports-${name}.png`);

      await page.getByLabel(REPORTS_UI.progress).selectOption({ label: 'Problem Seen' });
      await expect(page).toHaveURL(/progress=Problem/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`Streetlight 0 out ${tag}`);

      await page.getByLabel(REPORTS_UI.category).selectOption('animals');
      await expect(page.getByText(REPORTS_UI.empty)).toBeVisible();
      await shoot(page, `reports-empty-${name}.png`);
      await page.getByRole('button', { name: REPORTS_UI.clearFilters }).click();
      await expect(rows.first()).toBeVisible();

      // A report's page, as a visitor reads it.
      await page.getByLabel(REPORTS_UI.search).fill(`Streetlight 3 out ${tag}`);
      await page.getByRole('button', { name: REPORTS_UI.apply }).click();
      await expect(rows).toHaveCount(1);
      await rows.first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/post/${ids[3]}$`));
      await expect(page.getByTestId('public-post')).toBeVisible({ timeout: budget(10_000) });
    });
  });
}

test('two filters picked in one moment both stay: the second builds on the first', async ({ page, request }) => {
  test.setTimeout(budget(90_000));
  const tag = `rq${Date.now().toString(36)}`;
  const reporter = await loginToken(request, await signupUser(request));
  const seen = await createPostViaApi(request, reporter, { caption: `Streetlight out by the school ${tag}` });
  await createPostViaApi(request, reporter, { caption: `Streetlight flickering on the main road ${tag}` });
  const department = await verifiedDepartmentToken(request);
  expect((await request.put(`/api/gov/progressState/${seen}`, { headers: { Authorization: `Bearer ${department}` } })).status()).toBe(200);

  await page.goto(`/reports?q=${tag}`);
  const rows = page.getByTestId('report-row');
  await expect(rows).toHaveCount(2);
  // Both choices inside one task, before the router draws the address the first one asked for: without
  // building on the last change, the category's change started from the old address and undid the first.
  await changeInOneTask(page, [
    { label: REPORTS_UI.progress, choose: 'Problem Seen' },
    { label: REPORTS_UI.category, choose: 'streetlights' },
  ]);
  await expect(page.getByLabel(REPORTS_UI.progress)).toHaveValue('Problem Seen');
  await expect(page.getByLabel(REPORTS_UI.category)).toHaveValue('streetlights');
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page).toHaveURL(/progress=Problem/);
  await expect(page).toHaveURL(/category=streetlights/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Streetlight out by the school ${tag}`);
});
