/**
 * A department as a team in the browser, at 1280 px and at a 390 px phone width:
 * - the head's queue as a table: a bulk take-over (confirmed), one report assigned to an officer from
 *   its card, the other in bulk from the table;
 * - the officer finds them under "Assigned to me", moves one on with a public note picked from the
 *   department's response templates, which the reporter reads, and
 *   the timeline names the department to the reporter but the officer to the head; the officer's fix is
 *   rejected twice, the reporter appeals from the post page and the head upholds the appeal there;
 * - a report that is not the department's is transferred to the responsible one with a reason; it
 *   leaves the first department's list, arrives in the second's, and the chain is on the timeline.
 * Screenshots of the table, the assignment control and the transfer dialog go to e2e/artifacts/screenshots.
 */
import { GOV_UI, TEAM_TEXTS, TEAM_UI, type Post } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { budget, createPostViaApi, expect, loginToken, noSidewaysScroll, shoot, signIn, signupUser, test, toast, tokenId, verifiedDepartmentToken } from '../support/fixtures';
import { officerToken, rejectFix, toVerification } from '../support/team';

const G = '/government/dashboard';
const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const card = (page: Page, postId: string) => page.locator(`[data-post-id="${postId}"]`);

async function postAs(request: APIRequestContext, token: string, id: string): Promise<Post> {
  const res = await request.get(`/api/posts/post/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { post: Post }).post;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`department team at ${name} px`, () => {
    test.skip(!process.env.E2E_DATA_DIR, 'reads the e2e server outbox (not available with E2E_BASE_URL)');
    test.use({ viewport });

    test('the head takes reports over from the table and assigns one; the officer moves it on with a public note', async ({ page, request }) => {
      test.setTimeout(budget(200_000));
      const tag = `${name}-${Date.now().toString(36)}`;
      const reporter = await loginToken(request, await signupUser(request));
      const head = await verifiedDepartmentToken(request, { name: `Ward Roads ${tag}` });
      const officer = await officerToken(request, head, `Meera Engineer ${tag}`);
      const first = await createPostViaApi(request, reporter, { caption: `Pothole by the temple gate ${tag}` });
      const second = await createPostViaApi(request, reporter, { caption: `Broken kerb near the school ${tag}` });

      // View Issues as a table: select both, take them over after confirming.
      await signIn(page, head, `${G}/viewPosts?area=all&view=table`);
      const table = page.getByTestId('queue-table');
      await expect(table.locator(`[data-post-id="${first}"]`)).toBeVisible();
      await expect(table.getByRole('columnheader', { name: TEAM_UI.colAge })).toHaveAttribute('aria-sort', 'descending');
      for (const id of [first, second]) await table.locator(`[data-post-id="${id}"]`).getByRole('checkbox').check();
      await expect(table.getByText(TEAM_UI.selectedCount(2))).toBeVisible();
      await shoot(page, `team-queue-table-${name}.png`);
      await table.getByRole('button', { name: TEAM_UI.bulkTakeOver }).click();
      const confirm = page.getByRole('alertdialog', { name: TEAM_UI.bulkTakeOverTitle(2) });
      await confirm.getByRole('button', { name: TEAM_UI.takeOverYes }).click();
      await expect(toast(page, TEAM_UI.bulkDone(2, 0))).toBeVisible();
      await expect(table.locator(`[data-post-id="${first}"]`)).toHaveCount(0);
      expect((await postAs(request, head, first)).progressState).toBe('Problem Seen');

      // View Progress: the first report, assigned to the officer from its card.
      await page.goto(`${G}/viewProgress`);
      const assign = card(page, first).getByTestId('assign-control');
      await expect(assign.getByTestId('assignee')).toHaveText(TEAM_UI.nobody);
      await assign.getByLabel(TEAM_UI.assignTo).selectOption({ label: `Meera Engineer ${tag}` });
      await assign.getByRole('button', { name: TEAM_UI.assignTo }).click();
      await expect(toast(page, TEAM_TEXTS.assigned(`Meera Engineer ${tag}`))).toBeVisible();
      await expect(assign.getByTestId('assignee')).toHaveText(`Meera Engineer ${tag}`);
      await noSidewaysScroll(page);
      await shoot(page, `team-assign-${name}.png`);
      // The queue picker narrows View Progress to the department's unassigned reports.
      await page.getByTestId('queue-picker').getByRole('button', { name: TEAM_UI.scopeTeam }).click();
      await expect(card(page, second)).toBeVisible();
      await expect(card(page, first)).toHaveCount(0);
      // As a table: the second report assigned in bulk; it leaves the unassigned queue.
      await page.getByTestId('view-switch').getByRole('button', { name: TEAM_UI.viewTable }).click();
      const queue = page.getByTestId('queue-table');
      await queue.locator(`[data-post-id="${second}"]`).getByRole('checkbox').check();
      await queue.getByLabel(TEAM_UI.assignTo, { exact: true }).selectOption({ label: `Meera Engineer ${tag}` });
      await queue.getByRole('button', { name: TEAM_UI.bulkAssign }).click();
      await expect(toast(page, TEAM_UI.bulkDone(1, 0))).toBeVisible();
      await expect(queue.locator(`[data-post-id="${second}"]`)).toHaveCount(0);
      expect((await postAs(request, head, second)).assignedOfficer?.name).toBe(`Meera Engineer ${tag}`);

      // The officer: "Assigned to me" holds both; a public note from the department's template goes with the next move.
      const template = await request.post('/api/gov/templates', { headers: { Authorization: `Bearer ${head}` }, data: { title: 'Crew booked', body: `Inspected; crew booked for Monday ${tag}` } });
      expect(template.status(), await template.text()).toBe(201);
      await signIn(page, officer.token, `${G}/viewProgress?queue=mine`);
      const mine = card(page, first);
      await expect(mine).toBeVisible();
      await expect(card(page, second)).toBeVisible();
      await mine.getByLabel(TEAM_UI.templatePick).selectOption({ label: 'Crew booked' });
      await expect(mine.getByLabel(TEAM_UI.publicNoteLabel)).toHaveValue(`Inspected; crew booked for Monday ${tag}`);
      await mine.getByRole('button', { name: 'Advance Progress' }).click();
      await expect(toast(page, 'Progress updated to Verified')).toBeVisible();
      await expect(mine.getByLabel(TEAM_UI.publicNoteLabel)).toHaveValue('');

      // The reporter reads the department and the note; the head also reads who made the move.
      const byReporter = (await postAs(request, reporter, first)).history!.at(-1)!;
      expect(byReporter).toMatchObject({ actor: { _id: tokenId(head) }, note: `Inspected; crew booked for Monday ${tag}` });
      expect(byReporter.by).toBeUndefined();
      expect((await postAs(request, head, first)).history!.at(-1)!.by?.name).toBe(`Meera Engineer ${tag}`);
      await signIn(page, head, `/post/${first}`);
      const timeline = page.getByTestId('progress-timeline');
      await expect(timeline).toContainText(`Inspected; crew booked for Monday ${tag}`);
      await expect(timeline).toContainText(GOV_UI.madeBy(`Meera Engineer ${tag}`));
      await signIn(page, reporter, `/post/${first}`);
      await expect(page.getByTestId('progress-timeline')).toContainText(`Inspected; crew booked for Monday ${tag}`);
      await expect(page.getByTestId('progress-timeline')).not.toContainText('Meera');

      // The officer finishes the work twice and the reporter rejects it twice; then appeals from the post page.
      for (const reason of ['Still a hole', 'Filled with loose gravel only']) {
        await toVerification(request, officer.token, first);
        await rejectFix(request, reporter, first, reason);
      }
      await page.reload();
      const panel = page.getByTestId('appeal-panel');
      await panel.getByRole('button', { name: 'Appeal', exact: true }).click();
      const appeal = page.getByRole('dialog', { name: 'Appeal against the fix' });
      await appeal.getByLabel('Why are you appealing?').fill(`Two fixes and the pothole is back ${tag}`);
      await appeal.getByRole('button', { name: 'Send appeal' }).click();
      await expect(toast(page, TEAM_TEXTS.appealed)).toBeVisible();

      // The department has a member, so its head answers, on the report's page.
      await signIn(page, head, `/post/${first}`);
      await page.getByTestId('appeal-panel').getByRole('button', { name: 'Answer the appeal' }).click();
      const answer = page.getByRole('dialog', { name: 'Answer the appeal' });
      await answer.getByRole('radio', { name: /^Upheld/ }).check();
      await answer.getByLabel('Answer to the reporter').fill(`A senior engineer redoes it this week ${tag}`);
      await answer.getByRole('button', { name: 'Send answer' }).click();
      await expect(toast(page, TEAM_TEXTS.appealAnswerSaved)).toBeVisible();
      await signIn(page, reporter, `/post/${first}`);
      await expect(page.getByTestId('progress-timeline')).toContainText(GOV_UI.timelineAppealUpheld(`Ward Roads ${tag}`));
      await expect(page.getByTestId('progress-timeline')).toContainText(`A senior engineer redoes it this week ${tag}`);
    });

    test('a report that is not ours goes to the responsible department, with the reason on the timeline', async ({ page, request }) => {
      test.setTimeout(budget(120_000));
      const tag = `${name}-${Date.now().toString(36)}`;
      const reporter = await loginToken(request, await signupUser(request));
      const roads = await verifiedDepartmentToken(request, { name: `Roads ${tag}` });
      const water = await verifiedDepartmentToken(request, { name: `Water Board ${tag}` });
      const postId = await createPostViaApi(request, reporter, { caption: `Water main burst under the road ${tag}` });
      expect((await request.put(`/api/gov/progressState/${postId}`, { headers: { Authorization: `Bearer ${roads}` } })).status()).toBe(200);

      await signIn(page, roads, `${G}/viewProgress`);
      await card(page, postId).getByRole('button', { name: TEAM_UI.transferButton }).click();
      const dialog = page.getByRole('dialog', { name: TEAM_UI.transferHeading });
      await dialog.getByRole('button', { name: TEAM_UI.transferConfirm }).click();
      await expect(dialog.getByRole('alert')).toHaveText(TEAM_TEXTS.transferTargetInvalid);
      await dialog.getByLabel(TEAM_UI.transferSearch).fill(`Water Board ${tag}`);
      await expect(dialog.getByLabel(TEAM_UI.transferTarget, { exact: true }).locator('option', { hasText: `Water Board ${tag}` })).toHaveCount(1);
      await dialog.getByLabel(TEAM_UI.transferTarget, { exact: true }).selectOption(tokenId(water));
      await dialog.getByRole('button', { name: TEAM_UI.transferConfirm }).click();
      await expect(dialog.getByRole('alert')).toHaveText(TEAM_TEXTS.transferReasonRequired);
      await dialog.getByLabel(TEAM_UI.transferReason).fill(`Water mains belong to the Water Board ${tag}`);
      await noSidewaysScroll(page);
      await shoot(page, `team-transfer-${name}.png`);
      await dialog.getByRole('button', { name: TEAM_UI.transferConfirm }).click();
      await expect(toast(page, TEAM_TEXTS.transferred(`Water Board ${tag}`))).toBeVisible();
      await expect(card(page, postId)).toHaveCount(0);

      // The Water Board has it in View Progress, and the timeline shows the chain and the reason.
      await signIn(page, water, `${G}/viewProgress`);
      await expect(card(page, postId)).toBeVisible();
      await signIn(page, reporter, `/post/${postId}`);
      const timeline = page.getByTestId('progress-timeline');
      await expect(timeline).toContainText(GOV_UI.timelineTransferred(`Roads ${tag}`, `Water Board ${tag}`));
      await expect(timeline).toContainText(`Water mains belong to the Water Board ${tag}`);
    });
  });
}
