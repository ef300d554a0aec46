/**
 * Public reports, the map and the place filters, at 1280 px and at a 390 px phone width. A visitor
 * without an account opens /reports on a view kept in the address (`map=lat,lng,zoom`), selects the
 * groups until the reports themselves show, opens one from its pin's popup; then narrows the list by
 * city (any case), pincode (a short one is refused next to the field) and state. The reports are filed
 * on the Andaman Islands, away from every other spec's, so the groups count only them.
 */
import { REPORTS_UI } from '@civicpulse/shared';
import { budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signupUser, test } from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** A spot of this run's own among the islands (a 2° x 0.5° box), so runs and retries never share a group. */
/**
 * A random spot in the islands, 0.003° inside a 0.01° grid cell (the server's finest, 022_public_map), so
 * the three reports (0.0024° apart in all) share one cell at every level and open as one group: a spot on
 * a cell's edge split them 1 + 2, and zooming into the lone one left the others out of a phone's view.
 */
const spotOfOurOwn = () => ({
  lat: Number((11 + Math.floor(Math.random() * 200) / 100 + 0.003).toFixed(4)),
  lng: Number((92.5 + Math.floor(Math.random() * 50) / 100 + 0.003).toFixed(4)),
});

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`public reports map at ${name} px`, () => {
    test.use({ viewport });

    test('a visitor zooms from groups to a report, and narrows the list by place', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = `pm${Date.now().toString(36)}`;
      const spot = spotOfOurOwn();
      const reporter = await loginToken(request, await signupUser(request, { name: `Reporter ${tag}` }));
      const location = (i: number) => ({
        state: 'Andaman and Nicobar Islands',
        city: 'Port Blair',
        pincode: '744101',
        landmark: 'Near the jetty',
        address: 'Marine Hill Road',
        coordinates: { lat: spot.lat + i * 0.0012, lng: spot.lng + i * 0.0012 },
      });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await createPostViaApi(request, reporter, { caption: `Broken jetty railing ${i} ${tag}`, location: location(i) }));

      // A view of the islands, as a shared address gives it.
      await page.goto(`/reports?map=${spot.lat},${spot.lng},13`);
      const map = page.getByTestId('reports-map');
      const bubbles = map.locator('.leaflet-marker-icon[title$="here. Zoom in"]');
      await expect(bubbles.first()).toBeVisible({ timeout: budget(15_000) });
      // The groups in view hold our three reports, each counted once.
      const counted = async () => (await bubbles.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))).reduce((n, t) => n + parseInt(t, 10), 0);
      await expect.poll(counted).toBe(3);
      await shoot(page, `reports-map-${name}.png`);
      // Selecting a group zooms in, until the reports themselves are pins.
      const pins = map.locator(`.leaflet-marker-icon[title*="${tag}"]`);
      const middle = map.locator(`.leaflet-marker-icon[title="Broken jetty railing 1 ${tag}"]`);
      for (let i = 0; i < 8; i++) {
        await expect(bubbles.or(pins).first()).toBeVisible();
        if ((await middle.count()) > 0) break;
        // The bubble may be replaced by the next zoom's while this runs: the next round looks again.
        await bubbles
          .first()
          .click({ timeout: budget(3_000) })
          .catch(() => undefined);
        await page.waitForTimeout(800);
      }
      await expect(pins).toHaveCount(3, { timeout: budget(10_000) });
      await expect(page).toHaveURL(/map=1[123]\.\d+(,|%2C)92\.\d+(,|%2C)1[4-8]/);
      await noSidewaysScroll(page);
      await shoot(page, `reports-map-street-${name}.png`);
      // A pin opens its popup from the keyboard too (markers are focusable), with the report's link.
      await middle.focus();
      await page.keyboard.press('Enter');
      const popup = map.locator('.leaflet-popup');
      await expect(popup).toContainText(`Broken jetty railing 1 ${tag}`);
      await popup.getByRole('link', { name: REPORTS_UI.openReport }).click();
      await expect(page).toHaveURL(new RegExp(`/post/${ids[1]}$`));
      await expect(page.getByTestId('public-post')).toBeVisible({ timeout: budget(10_000) });

      // Place filters on the list.
      await page.goto(`/reports?q=${tag}`);
      const rows = page.getByTestId('report-row');
      await expect(rows).toHaveCount(3);
      await page.getByLabel(REPORTS_UI.city).fill('port BLAIR');
      await page.getByLabel(REPORTS_UI.pincode).fill('7441');
      await page.getByRole('button', { name: REPORTS_UI.apply }).click();
      await expect(page.getByTestId('field-error')).toHaveText(REPORTS_UI.pincodeInvalid);
      await expect(page.getByLabel(REPORTS_UI.pincode)).toBeFocused();
      await page.getByLabel(REPORTS_UI.pincode).fill('744101');
      await page.getByRole('button', { name: REPORTS_UI.apply }).click();
      await expect(page).toHaveURL(/city=port\+BLAIR/);
      await expect(page).toHaveURL(/pincode=744101/);
      await expect(rows).toHaveCount(3);
      await page.getByLabel(REPORTS_UI.state).selectOption('Goa');
      await expect(page.getByText(REPORTS_UI.empty)).toBeVisible();
      await page.getByLabel(REPORTS_UI.state).selectOption('Andaman and Nicobar Islands');
      await expect(rows).toHaveCount(3);
      await noSidewaysScroll(page);
      await shoot(page, `reports-place-${name}.png`);
    });
  });
}
