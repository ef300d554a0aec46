/**
 * First-use polish of the layout: the 'Ask CivicPulse AI' button never sits over another control (at
 * 1280 and 390 px, at the top of a screen and scrolled to its end); Settings fit the role that opens
 * them, with a department's Jurisdiction near the top and View Issues naming the area it shows; the
 * admin's side menu reaches the Audit Log, Service levels and API keys, and its Profile is a real page.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ASSISTANT_TEXTS,
  CHAT_TEXTS,
  DASHBOARD_PATH,
  JURISDICTION_TEXTS,
  NOTIFICATION_LABELS,
  POST_UI,
  SETTINGS_UI,
} from '@civicpulse/shared';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  SCREENSHOTS,
  shootBoth,
  signupUser,
  test,
  verifiedDepartmentToken,
  watchApi,
} from '../support/fixtures';

mkdirSync(SCREENSHOTS, { recursive: true });

const U = DASHBOARD_PATH.user;
const G = DASHBOARD_PATH.government;
const A = DASHBOARD_PATH.admin;

/** Opens `path` signed in with `token` (or signed out with null), as a returning visitor. */
async function visit(page: Page, token: string | null, path: string): Promise<void> {
  // From a page that runs none of the app's code, as signIn does (support/fixtures.ts says why).
  await page.goto('/favicon.svg');
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
  await page.goto(path);
}

/**
 * Every visible position:fixed or position:sticky layer, and each visible control (button, link, field,
 * [role=button]) or card under its box that is not part of it: "layer covers control" for each.
 * A control's box is cut to what its scrolling ancestors show; it counts as covered where the layer is
 * what is drawn on top in the middle of their overlap. Scrolled away from the top, content
 * scrolling under the page's top bar (the sticky header, a full-width bar at the top edge) is ordinary
 * scrolling and not counted; anything else floating must leave the controls free there too.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    type Box = { left: number; top: number; right: number; bottom: number };
    const cut = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const shownBox = (el: Element): Box | null => {
      let box: Box = cut(el.getBoundingClientRect(), { left: 0, top: 0, right: vw, bottom: vh });
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.position === 'fixed') break;
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') box = cut(box, p.getBoundingClientRect());
      }
      return box.right - box.left > 2 && box.bottom - box.top > 2 ? box : null;
    };
    const seen = (el: Element): boolean => {
      if (el.closest('[inert],[aria-hidden="true"]')) return false;
      for (let p: Element | null = el; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      }
      return true;
    };
    const name = (el: Element): string => {
      const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
      const text = label.replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.classList.contains('card') ? '.card' : ''}> "${text}"`;
    };
    const scrolled = window.scrollY > 0;
    const all = Array.from(document.querySelectorAll('body *'));
    const layers = all.filter((el) => {
      const position = getComputedStyle(el).position;
      return (position === 'fixed' || position === 'sticky') && seen(el) && shownBox(el) !== null;
    });
    // A wrapper that lets clicks through (the toasts' full-screen holder) counts by what it shows that takes them.
    const taking = (el: Element): Element[] => (getComputedStyle(el).pointerEvents === 'none' ? Array.from(el.children).flatMap(taking) : [el]);
    const outer = layers
      .filter((el) => !layers.some((other) => other !== el && other.contains(el)))
      .flatMap(taking)
      .filter((el) => seen(el) && shownBox(el) !== null);
    const controls = Array.from(
      document.querySelectorAll('button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], .card'),
    ).filter(seen);
    const hits: string[] = [];
    for (const layer of outer) {
      const box = shownBox(layer)!;
      const topBar = box.top <= 0 && box.right - box.left >= vw - 1;
      if (scrolled && (topBar || layer.tagName === 'HEADER')) continue;
      for (const control of controls) {
        if (layer.contains(control) || control.contains(layer)) continue;
        const other = shownBox(control);
        if (!other) continue;
        const overlap = cut(box, other);
        if (overlap.right - overlap.left <= 2 || overlap.bottom - overlap.top <= 2) continue;
        // Covered where the layer is drawn over it (the layer is what is on top in the middle of the overlap).
        const onTop = document.elementFromPoint((overlap.left + overlap.right) / 2, (overlap.top + overlap.bottom) / 2);
        if (onTop && layer.contains(onTop) && !control.contains(onTop)) hits.push(`${name(layer)} covers ${name(control)}`);
      }
    }
    return hits;
  });
}

/** coveredControls at the top of the screen and scrolled to its end, each hit labelled with where. */
async function coveredAtTopAndEnd(page: Page, where: string): Promise<string[]> {
  const top = await coveredControls(page);
  await page.evaluate(async () => {
    document.documentElement.style.scrollBehavior = 'auto';
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const end = await coveredControls(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...top.map((h) => `${where} (top): ${h}`), ...end.map((h) => `${where} (end): ${h}`)];
}

const jsonAuth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function declarePune(request: APIRequestContext, token: string): Promise<void> {
  const saved = await request.put('/api/gov/jurisdiction', {
    headers: jsonAuth(token),
    data: { state: 'Maharashtra', cities: ['Pune'], pincodes: ['411005', '411030'] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('no floating control covers another control on any screen at 1280 or 390 px', async ({ page, request }) => {
  test.setTimeout(budget(240_000));
  const reporter = await loginToken(request, await signupUser(request, { name: 'Meera Kulkarni' }));
  const postId = await createPostViaApi(request, reporter, { caption: 'Streetlight out near the polish layout bus stop' });
  const citizen = await loginToken(request, await signupUser(request));
  const department = await verifiedDepartmentToken(request);
  const admin = await loginToken(request, adminAccount());
  await page.context().route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
  const api = watchApi(page);

  const screens: Array<{ where: string; token: string | null; path: string; ready: (page: Page) => Promise<void> }> = [
    { where: 'landing', token: null, path: '/', ready: (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
    { where: 'feed', token: citizen, path: '/', ready: (p) => expect(p.getByRole('article').first()).toBeVisible() },
    { where: 'post page', token: citizen, path: `/post/${postId}`, ready: (p) => expect(p.getByRole('article').first()).toBeVisible() },
    { where: 'create issue', token: citizen, path: `${U}/createPost`, ready: (p) => expect(p.getByRole('heading', { name: POST_UI.createHeading })).toBeVisible() },
    { where: 'community chat', token: citizen, path: `${U}/communityChat`, ready: (p) => expect(p.getByRole('button', { name: CHAT_TEXTS.send, exact: true })).toBeVisible() },
    { where: 'citizen settings', token: citizen, path: `${U}/settings`, ready: (p) => expect(p.getByRole('heading', { name: SETTINGS_UI.passwordTitle })).toBeVisible() },
    { where: 'department settings', token: department, path: `${G}/settings`, ready: (p) => expect(p.getByRole('heading', { name: SETTINGS_UI.passwordTitle })).toBeVisible() },
    { where: 'view issues', token: department, path: `${G}/viewPosts`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { where: 'admin home', token: admin, path: A, ready: (p) => expect(p.getByTestId('admin-stat-cards')).toBeVisible() },
    { where: 'admin profile', token: admin, path: `${A}/profile`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  ];

  const hits: string[] = [];
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const screen of screens) {
      await visit(page, screen.token, screen.path);
      await screen.ready(page);
      await expect(page.getByRole('button', { name: ASSISTANT_TEXTS.button })).toBeVisible();
      // The screen's late parts (figures, settings, the message list) have arrived.
      await api.settled();
      hits.push(...(await coveredAtTopAndEnd(page, `${screen.where} at ${size.width}`)));
    }
  }
  expect(hits).toEqual([]);

  // Community Chat, where the button covered the Send button on a phone.
  await visit(page, citizen, `${U}/communityChat`);
  await expect(page.getByRole('button', { name: CHAT_TEXTS.send, exact: true })).toBeVisible();
  await shootBoth(page, 'polish-chat');
});

test("a citizen's Settings speak to a citizen only", async ({ page, request }) => {
  const citizen = await loginToken(request, await signupUser(request));
  await visit(page, citizen, `${U}/settings`);
  await expect(page.getByText(NOTIFICATION_LABELS.chat).first()).toBeVisible();
  await expect(page.getByText(NOTIFICATION_LABELS.progress).first()).toBeVisible();
  // A department's kinds of notification are not offered to a citizen.
  await expect(page.getByText(NOTIFICATION_LABELS.serviceLevels)).toHaveCount(0);
  await expect(page.getByText(NOTIFICATION_LABELS.newReports)).toHaveCount(0);
  await expect(page.getByText(JURISDICTION_TEXTS.heading, { exact: true })).toHaveCount(0);
  await expect(page.getByText(SETTINGS_UI.dataIntro)).toBeVisible();
  await shootBoth(page, 'polish-settings-citizen');
});

test("a department's Settings: Jurisdiction first, and no texts written for citizens", async ({ page, request }) => {
  const department = await verifiedDepartmentToken(request);
  await visit(page, department, `${G}/settings`);
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: JURISDICTION_TEXTS.heading })).toBeVisible();
  const order = await headings.allInnerTexts();
  // Right under the screen's title, before the password and the rest.
  expect(order[0]).toBe(JURISDICTION_TEXTS.heading);
  // Citizens' kinds and texts are not shown to a department.
  for (const text of [NOTIFICATION_LABELS.verifyRequest, NOTIFICATION_LABELS.chat, NOTIFICATION_LABELS.progress, NOTIFICATION_LABELS.comments, SETTINGS_UI.dataIntro, SETTINGS_UI.deleteIntro]) {
    await expect(page.getByText(text, { exact: true }), text).toHaveCount(0);
  }
  await expect(page.getByText(NOTIFICATION_LABELS.newReports).first()).toBeVisible();
  // In a department's words: the reports it handles.
  await expect(page.getByText(SETTINGS_UI.departmentKinds.serviceLevels).first()).toBeVisible();
  await expect(page.getByText(SETTINGS_UI.departmentKinds.comments).first()).toBeVisible();
  await expect(page.getByText(SETTINGS_UI.dataIntroDepartment)).toBeVisible();
  await shootBoth(page, 'polish-settings-department');
});

test("View Issues names the department's jurisdiction it shows, and All of India when chosen", async ({ page, request }) => {
  const department = await verifiedDepartmentToken(request);
  await declarePune(request, department);
  await visit(page, department, `${G}/viewPosts`);
  const banner = page.getByTestId('area-banner');
  await expect(banner).toContainText('Pune');
  await expect(banner).toContainText('411005');
  await expect(banner).toContainText('411030');
  await expect(banner).toContainText('Maharashtra');
  await shootBoth(page, 'polish-view-issues');
  await page.getByTestId('area-filter').selectOption('all');
  await expect(banner).toContainText(JURISDICTION_TEXTS.areaAll);
  await expect(banner).not.toContainText('411005');
});

test('the admin side menu reaches Triage, Appeals, Moderation, Audit Log, Service levels and API keys, and marks the open one', async ({ page, request }) => {
  const admin = await loginToken(request, adminAccount());
  await visit(page, admin, A);
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  const home = menu.getByRole('link', { name: 'Home', exact: true });
  await expect(home).toHaveAttribute('aria-current', 'page');
  const activeColour = await home.evaluate((el) => getComputedStyle(el).backgroundColor);
  for (const [label, path, heading] of [
    ['Triage', `${A}/triage`, 'Triage'],
    ['Appeals', `${A}/appeals`, 'Appeals'],
    ['Moderation', `${A}/moderation`, 'Moderation'],
    ['Audit Log', `${A}/auditLog`, 'Audit Log'],
    ['Service levels', `${A}/serviceLevels`, 'Service levels'],
    ['API keys', `${A}/apiKeys`, 'API keys'],
  ] as const) {
    const link = menu.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await expect(link).not.toHaveAttribute('aria-current', 'page');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    expect(await link.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(activeColour);
    await expect(home).not.toHaveAttribute('aria-current', 'page');
  }
  await shootBoth(page, 'polish-admin-menu');
  // On a phone the same entries are in the drawer, the open one marked.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Admin Panel menu' }).click();
  const drawer = page.getByTestId('dashboard-drawer');
  await expect(drawer.getByRole('link', { name: 'API keys', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByRole('link', { name: 'Audit Log', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/polish-admin-menu-drawer-390.png` });
});

test("the admin's Profile shows the admin's own account, not a placeholder", async ({ page, request }) => {
  const account = adminAccount();
  const admin = await loginToken(request, account);
  await visit(page, admin, `${A}/profile`);
  const profile = page.getByTestId('admin-profile');
  await expect(profile).toBeVisible();
  await expect(page.getByText(/later .*release/i)).toHaveCount(0);
  await expect(profile.getByRole('heading', { level: 1 })).toHaveText(account.name);
  await expect(profile).toContainText(account.email);
  await expect(profile).toContainText('Administrator');
  await expect(profile.getByTestId('admin-joined')).toHaveText(/\d{4}/);
  // The menu marks it, and it links to the admin's work.
  await expect(page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(profile.getByRole('link', { name: 'Audit Log', exact: true })).toHaveAttribute('href', `${A}/auditLog`);
  await expect(profile.getByRole('heading', { level: 2, name: 'Your latest actions' })).toBeVisible();
  await shootBoth(page, 'polish-admin-profile');
});
