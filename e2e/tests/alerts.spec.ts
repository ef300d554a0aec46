/**
 * Area alerts in the browser, at 1280 px and at a 390 px phone width: a citizen opens Area alerts from
 * Settings, names an alert, picks a radius and a place on the map (the circle shows), saves it and sees it
 * listed; a neighbour files a report inside it and the bell says so without a reload; the alert is
 * deleted again. The empty state and the form's own problems (no name, no place) are seen too.
 */
import { ALERT_TEXTS, ALERT_UI, POST_UI } from '@civicpulse/shared';
import {
  DEFAULT_REPORT_LOCATION,
  budget,
  createPostViaApi,
  expect,
  liveConnected,
  loginToken,
  noSidewaysScroll,
  shoot,
  signIn,
  signupUser,
  test,
  toast,
} from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`area alerts at ${name} px`, () => {
    test.use({ viewport });

    test('add an alert on the map, hear of a report inside it, delete it', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const me = await signupUser(request, { name: `Sunita ${tag}` });
      const token = await loginToken(request, me);
      await signIn(page, token, '/user/dashboard/settings');
      await page.getByRole('link', { name: ALERT_UI.settingsLink }).click();
      await expect(page).toHaveURL(/\/alerts$/);
      await expect(page.getByRole('heading', { level: 1, name: ALERT_UI.heading })).toBeVisible();
      await expect(page.getByText(ALERT_UI.empty)).toBeVisible();

      // The form says what is missing, next to the field.
      const save = page.getByRole('button', { name: ALERT_UI.save });
      await save.click();
      await expect(page.getByText(ALERT_TEXTS.labelRequired).first()).toBeVisible();
      await expect(page.getByLabel(ALERT_UI.label)).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel(ALERT_UI.label).fill(`Home ${tag}`);
      await save.click();
      await expect(page.getByText(ALERT_TEXTS.placeInvalid).first()).toBeVisible();

      await page.getByLabel(ALERT_UI.radius).selectOption({ label: '5 km' });
      const map = page.locator('.leaflet-container');
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      // Low in the map: the form's error toasts sit at the top of the window.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8);
      await expect(page.getByTestId('picked-coordinates')).not.toHaveText(POST_UI.noPointYet);
      // The circle of the chosen radius is drawn around the point.
      await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
      await noSidewaysScroll(page);
      await shoot(page, `alerts-form-${name}.png`);

      await save.click();
      await expect(toast(page, ALERT_TEXTS.saved)).toBeVisible();
      const item = page.getByTestId('alert-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`Home ${tag}`);
      await expect(item).toContainText(`${ALERT_UI.within('5 km')} · ${ALERT_UI.anyCategory}`);

      // A neighbour files a report at the alert's centre: the bell counts it, live.
      const saved = (await (await request.get('/api/alerts', { headers: { Authorization: `Bearer ${token}` } })).json()) as { alerts: Array<{ lat: number; lng: number }> };
      const centre = saved.alerts[0]!;
      await liveConnected(page);
      const neighbour = await loginToken(request, await signupUser(request, { name: `Neighbour ${tag}` }));
      const caption = `Water main burst ${tag}`;
      await createPostViaApi(request, neighbour, { caption, location: { ...DEFAULT_REPORT_LOCATION, coordinates: { lat: centre.lat, lng: centre.lng } } });
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread', exact: true });
      await expect(bell).toBeVisible({ timeout: budget(15_000) });
      await bell.click();
      const note = page.getByRole('region', { name: 'Notifications' }).getByTestId('notification');
      await expect(note).toContainText('New report in your alert area');
      await expect(note).toContainText(`Neighbour ${tag} reported "${caption}" inside your area alert "Home ${tag}"`);
      await page.keyboard.press('Escape');
      await shoot(page, `alerts-list-${name}.png`);

      await page.getByRole('button', { name: ALERT_UI.deleteLabel(`Home ${tag}`) }).click();
      await expect(toast(page, ALERT_TEXTS.deleted)).toBeVisible();
      await expect(page.getByText(ALERT_UI.empty)).toBeVisible();
    });
  });
}
