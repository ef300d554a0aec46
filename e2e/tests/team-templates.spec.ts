/**
 * The Team page's response templates and figures per member (department teams). At 1280 px the head of a
 * new department sees the figures table (its own account's row, all zeros and '—' for the median), adds
 * a template (an empty form is refused next to the field), edits it in place and deletes it (confirmed
 * first). At a 390 px phone width the figures table scrolls inside its own box, never the page, and an
 * officer who joined by the emailed invitation reads the templates without the head's controls.
 * Screenshots of the Team page with a template and the figures at both widths go to
 * e2e/artifacts/screenshots.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { TEAM_TEXTS, TEAM_UI } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { gov } from '../../apps/web/src/i18n/locales/en/gov';
import { seriousViolationsSettled } from '../support/axe';
import { SCREENSHOTS, budget, expect, noSidewaysScroll, shoot, signIn, test, toast, uniqueEmail, verifiedDepartmentToken } from '../support/fixtures';

const T = gov.templates;
const F = gov.figures;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const templatesCard = (page: Page) => page.getByTestId('templates-card');
const templateItems = (page: Page) => page.getByTestId('templates').getByTestId('template');
const figuresTable = (page: Page) => page.getByRole('table', { name: F.caption });
const addForm = (page: Page) => page.getByRole('form', { name: T.addHeading });
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function addTemplateViaApi(request: APIRequestContext, token: string, title: string, body: string): Promise<void> {
  const res = await request.post('/api/gov/templates', { headers: auth(token), data: { title, body } });
  expect(res.status(), await res.text()).toBe(201);
}

/** The figures table's cells of one member's row, as read on the page. */
async function rowCells(page: Page, name: string): Promise<string[]> {
  const row = figuresTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').allInnerTexts();
}

/** axe's serious findings once every toast is fully opaque (axe would measure a fading one's contrast). */
async function axe(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="status"]')).every((el) => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity === 1;
    }),
  );
  return seriousViolationsSettled(page);
}

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The /join/<token> in the newest email to `address` (the e2e server writes mail to DATA_DIR/outbox), or null. */
async function joinLink(address: string): Promise<string | null> {
  const names = (await readdir(outbox()).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const files = await Promise.all(names.map(async (n) => ({ file: path.join(outbox(), n), at: (await stat(path.join(outbox(), n))).mtimeMs })));
  files.sort((a, b) => b.at - a.at);
  for (const { file } of files) {
    const raw = await readFile(file);
    if (!raw.includes(address)) continue;
    const mail = await simpleParser(raw);
    const found = /https?:\/\/[^\s"<>]+\/join\/([\w%-]+)/.exec(mail.text ?? '');
    if (found?.[1]) return found[1];
  }
  return null;
}

/** An officer of the head's department: invited, joined and signed in through the API; their token. */
async function officerToken(request: APIRequestContext, headToken: string, name: string): Promise<string> {
  const email = uniqueEmail('templates-officer');
  const password = 'officer123';
  const invited = await request.post('/api/gov/team/invites', { headers: auth(headToken), data: { email, teamRole: 'officer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        token = await joinLink(email);
        return token !== null;
      },
      { timeout: budget(15_000), message: `an invitation email to ${email}` },
    )
    .toBe(true);
  const joined = await request.post(`/api/gov/team/join/${token}`, { data: { name, password, confirmPassword: password } });
  expect(joined.status(), await joined.text()).toBe(201);
  const login = await request.post('/api/gov/login', { data: { officialEmail: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test.describe('team templates and figures', () => {
  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the head adds, edits and deletes a template; the figures show the department account with zeros', async ({ page, request }) => {
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const department = `Parks Department ${tag}`;
      await signIn(page, await verifiedDepartmentToken(request, { name: department }), '/government/dashboard/team');
      await expect(page.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();

      // Figures per member: a real table with its column headers; the new department's own row is all zeros.
      await expect(page.getByRole('heading', { level: 2, name: F.heading })).toBeVisible();
      const headers = figuresTable(page).getByRole('columnheader');
      await expect(headers).toHaveText([F.member, F.taken, F.resolved, F.median, F.rejected, F.open]);
      await expect(figuresTable(page).getByRole('rowheader')).toHaveText([department]);
      expect(await rowCells(page, department)).toEqual(['0', '0', '—', '0', '0']);
      // Wide enough here: no sideways scrolling, so no hint about it.
      await expect(page.getByTestId('member-figures-scroll-hint')).toHaveCount(0);

      // The figures come before the templates, both after the members.
      const order = await page.getByRole('heading', { level: 2 }).allInnerTexts();
      expect(order.slice(0, 3)).toEqual([TEAM_UI.members, F.heading, T.heading]);

      // No templates yet; the head's hint and count.
      await expect(templatesCard(page).getByTestId('templates-empty')).toHaveText(T.empty);
      await expect(templatesCard(page).getByTestId('templates-hint')).toHaveText(T.headIntro);
      await expect(templatesCard(page).getByTestId('templates-count')).toHaveText(fill(T.count, { used: '0', max: '50' }));

      // An empty form is refused next to the title, which takes the focus.
      await addForm(page).getByRole('button', { name: T.save }).click();
      await expect(addForm(page).getByTestId('field-error')).toHaveText(TEAM_TEXTS.templateTitleRequired);
      await expect(addForm(page).getByLabel(T.titleLabel)).toBeFocused();
      await expect(addForm(page).getByLabel(T.titleLabel)).toHaveAttribute('maxlength', '80');
      await expect(addForm(page).getByLabel(T.bodyLabel)).toHaveAttribute('maxlength', '1000');

      // Add one.
      const title = `Pothole filled ${tag}`;
      const body = 'The pothole was filled and the road surface levelled. Thank you for reporting it.';
      await addForm(page).getByLabel(T.titleLabel).fill(title);
      await addForm(page).getByLabel(T.bodyLabel).fill(body);
      await expect(addForm(page)).toContainText(fill(T.length, { used: String(body.length), max: '1,000' }));
      await addForm(page).getByRole('button', { name: T.save }).click();
      await expect(toast(page, TEAM_TEXTS.templateSaved)).toBeVisible();
      await expect(templateItems(page)).toHaveCount(1);
      await expect(templateItems(page).first().getByTestId('template-title')).toHaveText(title);
      await expect(templateItems(page).first().getByTestId('template-body')).toHaveText(body);
      await expect(addForm(page).getByLabel(T.titleLabel)).toHaveValue('');
      await expect(templatesCard(page).getByTestId('templates-empty')).toHaveCount(0);
      await expect(templatesCard(page).getByTestId('templates-count')).toHaveText(fill(T.count, { used: '1', max: '50' }));
      await noSidewaysScroll(page);
      await shoot(page, 'team-templates-1280.png');
      expect(await axe(page), 'axe on the Team page with a template').toEqual([]);

      // Edit it in place: the title takes the focus; Save puts it back on Edit.
      await page.getByRole('button', { name: fill(T.editNamed, { title }) }).click();
      const editForm = page.getByTestId('template-edit-form');
      await expect(page.getByRole('form', { name: fill(T.editNamed, { title }) })).toBeVisible();
      await expect(editForm.getByLabel(T.titleLabel)).toBeFocused();
      await expect(editForm.getByLabel(T.titleLabel)).toHaveValue(title);
      await expect(editForm.getByLabel(T.bodyLabel)).toHaveValue(body);
      // A blank text is refused under the text field.
      await editForm.getByLabel(T.bodyLabel).fill('   ');
      await editForm.getByRole('button', { name: T.save }).click();
      await expect(editForm.getByTestId('field-error')).toHaveText(TEAM_TEXTS.templateBodyRequired);
      await expect(editForm.getByLabel(T.bodyLabel)).toBeFocused();
      const newTitle = `Pothole repaired ${tag}`;
      const newBody = 'Our crew repaired the pothole today. Please tell us if the problem comes back.';
      await editForm.getByLabel(T.titleLabel).fill(newTitle);
      await editForm.getByLabel(T.bodyLabel).fill(newBody);
      await noSidewaysScroll(page);
      await shoot(page, 'team-templates-editing-1280.png');
      expect(await axe(page), 'axe with a template being edited').toEqual([]);
      await editForm.getByRole('button', { name: T.save }).click();
      await expect(toast(page, TEAM_TEXTS.templateSaved)).toBeVisible();
      await expect(editForm).toHaveCount(0);
      await expect(templateItems(page)).toHaveCount(1);
      await expect(templateItems(page).first().getByTestId('template-title')).toHaveText(newTitle);
      await expect(templateItems(page).first().getByTestId('template-body')).toHaveText(newBody);
      await expect(page.getByRole('button', { name: fill(T.editNamed, { title: newTitle }) })).toBeFocused();

      // Delete it: confirmed first, Cancel has the focus; afterwards the list is empty again.
      await page.getByRole('button', { name: fill(T.deleteNamed, { title: newTitle }) }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('heading', { name: fill(T.deleteTitle, { title: newTitle }) })).toBeVisible();
      await expect(dialog).toContainText(T.deleteBody);
      await expect(dialog.getByRole('button', { name: TEAM_UI.cancel })).toBeFocused();
      await dialog.getByRole('button', { name: T.delete, exact: true }).click();
      await expect(toast(page, TEAM_TEXTS.templateDeleted)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(templateItems(page)).toHaveCount(0);
      await expect(templatesCard(page).getByTestId('templates-empty')).toHaveText(T.empty);
      await expect(templatesCard(page).getByRole('heading', { level: 2, name: T.heading })).toBeFocused();

      // The members card still works as before.
      await expect(page.getByTestId('team-members').getByTestId('team-member')).toHaveCount(1);
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the figures scroll inside their box; an officer reads the templates without the head controls', async ({ page, browser, request, baseURL }) => {
      test.skip(!process.env.E2E_DATA_DIR, 'reads the e2e server outbox (not available with E2E_BASE_URL)');
      test.setTimeout(budget(90_000));
      const tag = Date.now().toString(36);
      const department = `Street Lighting Department ${tag}`;
      const head = await verifiedDepartmentToken(request, { name: department });
      const title = `Streetlight repaired ${tag}`;
      const body = 'The streetlight on your road was repaired and tested after dark.\nThank you for telling us.';
      await addTemplateViaApi(request, head, title, body);
      await addTemplateViaApi(request, head, `Not our department ${tag}`, 'This report belongs to another department; we have transferred it to them.');
      const officerName = `Meena Officer ${tag}`;
      const officer = await officerToken(request, head, officerName);

      // The head on a phone.
      await signIn(page, head, '/government/dashboard/team');
      await expect(page.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();
      await expect(templateItems(page)).toHaveCount(2);
      await expect(figuresTable(page).getByRole('rowheader')).toHaveCount(2);
      expect(await rowCells(page, officerName)).toEqual(['0', '0', '—', '0', '0']);
      // The table is wider than the phone: its own box scrolls (and takes the keyboard's focus), the page does not.
      const scroller = page.getByTestId('member-figures-scroll');
      const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(widths.scroll).toBeGreaterThan(widths.client);
      await expect(scroller).toHaveAttribute('tabindex', '0');
      await expect(page.getByTestId('member-figures-scroll-hint')).toHaveText(F.scrollHint);
      await noSidewaysScroll(page);
      await shoot(page, 'team-templates-390.png');
      expect(await axe(page), 'axe on the Team page at 390 px').toEqual([]);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.getByTestId('member-figures-card').screenshot({ path: path.join(SCREENSHOTS, 'team-figures-scrolled-390.png') });
      await noSidewaysScroll(page);

      // The officer: the same templates, read only, with the hint; the same figures.
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const officerPage = await context.newPage();
      await signIn(officerPage, officer, '/government/dashboard/team');
      await expect(officerPage.getByRole('heading', { level: 1, name: TEAM_UI.heading })).toBeVisible();
      await expect(templateItems(officerPage)).toHaveCount(2);
      await expect(templateItems(officerPage).filter({ hasText: title }).getByTestId('template-body')).toHaveText(body);
      await expect(templatesCard(officerPage).getByTestId('templates-hint')).toHaveText(T.officerHint);
      await expect(templatesCard(officerPage).getByRole('button')).toHaveCount(0);
      await expect(addForm(officerPage)).toHaveCount(0);
      await expect(templatesCard(officerPage).getByTestId('templates-count')).toHaveCount(0);
      await expect(figuresTable(officerPage).getByRole('rowheader')).toHaveCount(2);
      await expect(figuresTable(officerPage)).toContainText(department);
      await expect(figuresTable(officerPage)).toContainText(officerName);
      await noSidewaysScroll(officerPage);
      await shoot(officerPage, 'team-templates-officer-390.png');
      expect(await axe(officerPage), "axe on an officer's Team page").toEqual([]);
      await context.close();
    });
  });
});
