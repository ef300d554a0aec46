/**
 * Appeals and the admin's triage queue in the browser (department teams).
 *
 * An appeal: a department without members takes a report to Waiting for User Verification, the reporter
 * rejects the fix twice (the department re-submits in between; all through the API), then on the post
 * page appeals through the dialog (an empty reason is refused next to the box) and sees the open appeal.
 * The department's Appeals page lists it (an admin answers it: the department had no members). The
 * admin opens Appeals in the admin dashboard and upholds it; the reporter then reads the outcome, the
 * answer and the timeline entry, and the report is back at Work Started.
 *
 * Triage: a department hands a report to the admins (API); the admin opens Triage, finds the right
 * verified department by name, sends the report there with a reason, and it leaves the list.
 *
 * Screenshots at 1280 and 390 px of the appeal panel (open and answered), the head's Appeals page, the
 * admin's Appeals page and the admin's Triage page go to e2e/artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { GOV_UI, TEAM_TEXTS } from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  shootBoth,
  signIn,
  signupUser,
  test,
  toast,
  tokenId,
  verifiedDepartmentToken,
} from '../support/fixtures';
import { seriousViolationsSettled } from '../support/axe';
import { rejectFix, toVerification } from '../support/team';

mkdirSync(SCREENSHOTS, { recursive: true });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function postOf(request: APIRequestContext, token: string, postId: string) {
  const res = await request.get(`/api/posts/post/${postId}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { post: { reference: string; progressState: string; assignedGovernment: string | null } }).post;
}

/** No serious axe finding on what the page shows now (checked where no toast is fading in or out). */
async function axeClean(page: Page): Promise<void> {
  expect(await seriousViolationsSettled(page)).toEqual([]);
}

/** A dialog as it shows at 1280 px and at 390 px. */
async function shootDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Opens a page from the dashboard home's shortcuts (the spec's side menus keep their own entries). */
async function openFromHome(page: Page, label: string, url: RegExp): Promise<void> {
  // The home's card (its name runs on into its description); the side menu has a plain entry of the same name.
  await page.getByRole('main').getByRole('link', { name: new RegExp(`^${label} .`) }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test.describe('appeals and triage', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a reporter appeals after two rejected fixes; an admin upholds it and the reporter reads the answer', async ({ page, request }) => {
    test.setTimeout(budget(150_000));
    const tag = Date.now().toString(36);
    const reporter = await loginToken(request, await signupUser(request, { name: 'Meera Joshi' }));
    const department = await verifiedDepartmentToken(request, { name: `Drainage Cell ${tag}` });
    const caption = `Storm drain overflowing onto the footpath ${tag}`;
    const postId = await createPostViaApi(request, reporter, { caption });
    await toVerification(request, department, postId);
    await rejectFix(request, reporter, postId, 'It overflowed again in the first rain.');
    await toVerification(request, department, postId);
    await rejectFix(request, reporter, postId, 'Still overflowing; the grating is blocked.');
    const { reference } = await postOf(request, reporter, postId);

    // The reporter appeals from the post page.
    await signIn(page, reporter, `/post/${postId}`);
    const panel = page.getByTestId('appeal-panel');
    await expect(panel.getByRole('heading', { name: 'Appeal', exact: true })).toBeVisible();
    await expect(panel).toContainText('You can appeal once');
    await panel.getByRole('button', { name: 'Appeal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal against the fix' });
    await expect(dialog).toBeVisible();
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(dialog.getByTestId('field-error')).toHaveText(TEAM_TEXTS.appealReasonRequired);
    await expect(dialog.getByLabel('Why are you appealing?')).toBeFocused();
    const reason = `Two fixes failed; the drain needs a bigger pipe ${tag}`;
    await dialog.getByLabel('Why are you appealing?').fill(reason);
    await shootDialog(page, dialog, 'appeal-dialog');
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(toast(page, TEAM_TEXTS.appealed)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByTestId('appeal-status')).toHaveText('Appeal open');
    await expect(panel.getByTestId('appeal-due')).toContainText(/Answer due by .*\d{4}/);
    await expect(panel.getByTestId('appeal-reason')).toHaveText(reason);
    await expect(panel).toContainText('An admin answers this appeal.');
    await expect(panel.getByRole('button', { name: 'Appeal', exact: true })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Answer the appeal' })).toHaveCount(0);
    await expect(page.getByText(GOV_UI.timelineAppealed)).toBeVisible();
    await shootBoth(page, 'appeal-panel-open', panel);

    // The department's Appeals page lists it; the admins answer it (the department has no members).
    await signIn(page, department, '/government/dashboard');
    await openFromHome(page, 'Appeals', /\/government\/dashboard\/appeals$/);
    const govCard = page.getByTestId('gov-appeals').getByTestId('appeal-card').filter({ hasText: caption });
    await expect(govCard).toHaveCount(1);
    await expect(govCard.getByTestId('appeal-reference')).toHaveText(reference);
    await expect(govCard.getByRole('link', { name: caption })).toHaveAttribute('href', `/post/${postId}`);
    await expect(govCard.getByTestId('appeal-reason')).toHaveText(reason);
    await expect(govCard).toContainText('An admin answers this appeal.');
    await expect(govCard.getByRole('button')).toHaveCount(0);
    await axeClean(page);
    await shootBoth(page, 'gov-appeals');

    // The admin answers from Appeals in the admin dashboard: an empty answer is refused, then Upheld.
    await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard');
    await openFromHome(page, 'Appeals', /\/admin\/dashboard\/appeals$/);
    const adminCard = page.getByTestId('admin-appeals').getByTestId('appeal-card').filter({ hasText: caption });
    await expect(adminCard).toHaveCount(1);
    await expect(adminCard.getByTestId('appeal-due')).toContainText('Answer due by');
    await axeClean(page);
    await shootBoth(page, 'admin-appeals');
    await adminCard.getByRole('button', { name: `Answer the appeal on ${reference}` }).click();
    const answer = page.getByRole('dialog', { name: 'Answer the appeal' });
    await expect(answer).toBeVisible();
    await axeClean(page);
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(answer.getByTestId('field-error')).toHaveText(TEAM_TEXTS.appealOutcomeInvalid);
    await answer.getByRole('radio', { name: /^Upheld/ }).check();
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(answer.getByTestId('field-error')).toHaveText(TEAM_TEXTS.appealResponseRequired);
    await expect(answer.getByLabel('Answer to the reporter')).toBeFocused();
    const response = `Agreed: the drain will be relaid with a wider pipe ${tag}`;
    await answer.getByLabel('Answer to the reporter').fill(response);
    await shootDialog(page, answer, 'appeal-answer-dialog');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(toast(page, TEAM_TEXTS.appealAnswerSaved)).toBeVisible();
    await expect(answer).toHaveCount(0);
    await expect(page.getByTestId('appeal-card').filter({ hasText: caption })).toHaveCount(0);
    expect((await postOf(request, reporter, postId)).progressState).toBe('Work Started');

    // The reporter reads the outcome, the answer and the timeline entry.
    await signIn(page, reporter, `/post/${postId}`);
    await expect(panel.getByTestId('appeal-status')).toHaveText('Appeal upheld');
    await expect(panel.getByTestId('appeal-response')).toHaveText(response);
    await expect(panel).toContainText('The department works on the report again.');
    await expect(panel.getByTestId('appeal-due')).toHaveCount(0);
    await expect(page.getByText(/upheld the appeal: the work goes on$/)).toBeVisible();
    await axeClean(page);
    await shootBoth(page, 'appeal-panel-answered', panel);
  });

  test('a report handed to triage goes on to the department the admin chooses and leaves the list', async ({ page, request }) => {
    test.setTimeout(budget(90_000));
    const tag = Date.now().toString(36);
    const reporter = await loginToken(request, await signupUser(request));
    const handing = await verifiedDepartmentToken(request, { name: `Roads Office ${tag}` });
    const target = `Tree Cell ${tag}`;
    const targetToken = await verifiedDepartmentToken(request, { name: target });
    const caption = `Fallen tree blocking the lane ${tag}`;
    const postId = await createPostViaApi(request, reporter, { caption });
    const taken = await request.put(`/api/gov/progressState/${postId}`, { headers: bearer(handing) });
    expect(taken.status(), await taken.text()).toBe(200);
    const handed = await request.put(`/api/gov/transfer/${postId}`, { headers: bearer(handing), data: { departmentId: null, reason: 'Trees are not ours; not sure whose' } });
    expect(handed.status(), await handed.text()).toBe(200);

    await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard');
    await openFromHome(page, 'Triage', /\/admin\/dashboard\/triage$/);
    const card = page.getByTestId('admin-triage').getByTestId('triage-card').filter({ hasText: caption });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: caption })).toHaveAttribute('href', `/post/${postId}`);
    await axeClean(page);
    await shootBoth(page, 'admin-triage');

    // Nothing chosen: refused next to the choice; then the department is found by name.
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(card.getByTestId('field-error')).toHaveText('Choose the department to send the report to.');
    await expect(card.getByLabel('Send to')).toBeFocused();
    await card.getByLabel('Find a department').fill(target);
    const choice = card.getByLabel('Send to');
    await expect(choice.locator('option', { hasText: target })).toHaveCount(1);
    await choice.selectOption(tokenId(targetToken));
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(card.getByTestId('field-error')).toHaveText(TEAM_TEXTS.transferReasonRequired);
    await card.getByLabel(/^Reason/).fill('Fallen trees are the Tree Cell’s work');
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, TEAM_TEXTS.transferred(target))).toBeVisible();
    await expect(page.getByTestId('triage-card').filter({ hasText: caption })).toHaveCount(0);
    const after = await postOf(request, reporter, postId);
    expect(after).toMatchObject({ progressState: 'Problem Seen', assignedGovernment: tokenId(targetToken) });
  });
});
