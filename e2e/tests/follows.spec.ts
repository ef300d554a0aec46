/**
 * Following a report in the browser, at 1280 px and at a 390 px phone width: a neighbour opens a report,
 * sees its follower count (the reporter follows their own), follows it, hears in the bell without a
 * reload when a department moves it, and stops following.
 */
import { FOLLOW_TEXTS, FOLLOW_UI } from '@civicpulse/shared';
import { budget, createPostViaApi, expect, liveConnected, loginToken, noSidewaysScroll, shoot, signIn, signupUser, test, toast, verifiedDepartmentToken } from '../support/fixtures';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`following a report at ${name} px`, () => {
    test.use({ viewport });

    test('follow, hear of a move, stop following', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const reporter = await loginToken(request, await signupUser(request, { name: `Reporter ${tag}` }));
      const caption = `Open manhole on the footpath ${tag}`;
      const postId = await createPostViaApi(request, reporter, { caption });
      const neighbour = await loginToken(request, await signupUser(request, { name: `Neighbour ${tag}` }));
      const department = await verifiedDepartmentToken(request, { name: `Drainage Ward ${tag}` });

      await signIn(page, neighbour, `/post/${postId}`);
      const count = page.getByTestId('follower-count');
      await expect(count).toHaveText(FOLLOW_UI.followers(1));
      const button = page.getByRole('button', { name: FOLLOW_UI.followLabel });
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await button.click();
      await expect(toast(page, FOLLOW_TEXTS.followed)).toBeVisible();
      const following = page.getByRole('button', { name: FOLLOW_UI.unfollowLabel });
      await expect(following).toHaveAttribute('aria-pressed', 'true');
      await expect(following).toHaveText(FOLLOW_UI.following);
      await expect(count).toHaveText(FOLLOW_UI.followers(2));
      await noSidewaysScroll(page);
      await shoot(page, `follow-${name}.png`);

      // The department takes it over: the follower's bell says so, live.
      await liveConnected(page);
      const moved = await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${department}` } });
      expect(moved.status(), await moved.text()).toBe(200);
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread', exact: true });
      await expect(bell).toBeVisible({ timeout: budget(15_000) });
      await bell.click();
      const note = page.getByRole('region', { name: 'Notifications' }).getByTestId('notification');
      await expect(note).toContainText('Update on a report you follow');
      await expect(note).toContainText(`Drainage Ward ${tag} moved "${caption}" to Problem Seen`);
      await page.keyboard.press('Escape');

      await following.click();
      await expect(toast(page, FOLLOW_TEXTS.unfollowed)).toBeVisible();
      await expect(page.getByRole('button', { name: FOLLOW_UI.followLabel })).toHaveAttribute('aria-pressed', 'false');
      await expect(count).toHaveText(FOLLOW_UI.followers(1));

      // The count is on the report's card in the lists too: the public list, after following it again.
      await page.getByRole('button', { name: FOLLOW_UI.followLabel }).click();
      await expect(count).toHaveText(FOLLOW_UI.followers(2));
      await page.goto(`/reports?q=${tag}`);
      await expect(page.getByTestId('report-row')).toContainText(FOLLOW_UI.followers(2));
      // And on the reporter's own card in My Issues.
      await signIn(page, reporter, '/user/dashboard/userPosts');
      const card = page.locator('article', { hasText: caption });
      await expect(card.getByTestId('card-follower-count')).toHaveText(FOLLOW_UI.followers(2));
    });
  });
}
