/**
 * axe on every screen the browser suite visits, at 1280 px and 390 px: public pages, login and signup
 * (every tab, and with inline errors), the pages a mailed link opens (forgot and reset password, verify
 * the address, unsubscribe, with their errors), the citizen's screens (feed with maps and comments, area alerts, Create Civic
 * Issue, My Issues with its dialogs, the vote lists, a post page and its acknowledgement), the department lists (pending banner
 * and a verified department's lists with reports), and the admin screens. Any serious or critical
 * violation (and any landmark-unique one) fails, listed per screen.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_EMAIL_UI, ALERT_UI, CHAT_TEXTS, MY_POSTS_UI, NOTIFICATION_TEXTS, POST_UI, TEAM_UI } from '@civicpulse/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminAccount,
  budget,
  createPostViaApi,
  expect,
  loginToken,
  revealLazyContent,
  signIn,
  signupGovernment,
  signupUser,
  test,
} from '../support/fixtures';
import { EMPTY_TILE_PNG } from '../support/images';
import { seriousViolations, type Violation } from '../support/axe';

/** Runs axe on what the page shows now (lazy maps and photos mounted first) and files what it finds. */
class Audit {
  readonly found: Record<string, Violation[]> = {};
  constructor(private readonly page: Page) {}
  async check(screen: string): Promise<void> {
    await revealLazyContent(this.page);
    // What a click started (a toast per inline error, a list answering) may still be on its way: wait
    // until the page has not changed for 300 ms (5 s at most) before looking at opacity and animations.
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            clearTimeout(quiet);
            quiet = setTimeout(done, 300);
          });
          let quiet = setTimeout(done, 300);
          const cap = setTimeout(done, 5_000);
          function done() {
            observer.disconnect();
            clearTimeout(quiet);
            clearTimeout(cap);
            resolve();
          }
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
    );
    // A toast fading in or out (or faded out, waiting to be removed) is partly transparent, and axe
    // would measure its contrast mid-fade: wait until every toast on screen is fully opaque.
    await this.page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[role="status"]')).every((el) => {
        let opacity = 1;
        for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        return opacity === 1;
      }),
    );
    // ...and until finite animations (a toast's slide and scale) have ended: axe measures colours as
    // painted, and a frame mid-transform blends the toast's text with what is behind it.
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    let violations = await seriousViolations(this.page);
    // A toast may start to leave while axe runs (its time ran out mid-check), and axe then measures
    // its text mid-fade. When every finding is inside a toast, look again once toasts have settled:
    // a real contrast problem in a toast is still there then.
    // A newer toast can be mid-fade on the second look too: up to three looks.
    for (let look = 0; look < 3 && violations.length > 0 && (await this.onlyInToasts(violations)); look++) {
      await this.page.waitForTimeout(1_500);
      violations = await seriousViolations(this.page);
    }
    if (violations.length > 0) this.found[screen] = violations;
  }
  /**
   * True when every element a finding names sits inside a toast: the message (role="status") or the
   * toast's own bar around it, both under react-hot-toast's container ([data-rht-toaster]); or is gone
   * already (a toast that left between axe's run and this look: the next look sees the page as it is).
   */
  private onlyInToasts(violations: Violation[]): Promise<boolean> {
    const targets = violations.flatMap((v) => v.targets);
    return this.page.evaluate(
      (selectors) =>
        selectors.every((selector) => {
          const el = document.querySelector(selector);
          if (el === null) return true;
          return (el.closest('[role="status"]') !== null || el.closest('[data-rht-toaster]') !== null) && el.closest('main') === null;
        }),
      targets,
    );
  }
  /** Goes to a path, waits for its main heading, then checks it. */
  async visit(screen: string, url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await this.check(screen);
  }
}

async function stubTiles(page: Page): Promise<void> {
  await page.context().route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_TILE_PNG }),
  );
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const tokenId = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: string }).id;

async function ok(response: Awaited<ReturnType<APIRequestContext['put']>>, status = 200): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
}

for (const viewport of [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.label} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public pages, login and signup (every tab)', async ({ page }) => {
      // Each screen costs an axe run of 2–9 s on this 2-core machine, more with two workers: the
      // budgets are twice the longest run measured alone (public pages 66 s), so load is not a failure.
      test.setTimeout(budget(180_000));
      const audit = new Audit(page);
      for (const [screen, url] of [
        ['landing', '/'],
        ['about', '/about'],
        ['services', '/services'],
        ['contact', '/contact'],
        ['help', '/help'],
        ['policy', '/policy'],
        ['terms', '/terms'],
        ['developers', '/developers'],
        ['open data', '/open-data'],
        ['public reports', '/reports'],
        ['not found', '/no-such-page'],
        ['login', '/login'],
      ] as const) {
        await audit.visit(screen, url);
      }
      for (const tab of ['Government', 'Admin']) {
        await page.getByRole('tab', { name: tab }).click();
        await audit.check(`login, ${tab} tab`);
      }
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await audit.check('login with inline errors');

      await audit.visit('signup', '/signup');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await audit.check('signup with inline errors');
      await page.getByRole('tab', { name: 'Government' }).click();
      await expect(page.getByLabel('Proof Document')).toBeVisible();
      await audit.check('signup, Government tab');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await audit.check('signup, Government tab with inline errors');

      // The pages a mailed link opens (issue 27), with their errors shown.
      await audit.visit('forgot password', '/forgot-password');
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.sendLink }).click();
      await audit.check('forgot password with an inline error');
      await audit.visit('reset password', '/reset-password?token=not-a-real-token');
      await page.getByLabel(ACCOUNT_EMAIL_UI.newPassword, { exact: true }).fill('secret123');
      await page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword).fill('secret124');
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.savePassword }).click();
      await audit.check('reset password, passwords differ');
      await page.getByLabel(ACCOUNT_EMAIL_UI.confirmPassword).fill('secret123');
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.savePassword }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await audit.check('reset password, refused link');
      await page.goto('/verify-email?token=not-a-real-token');
      await expect(page.getByRole('alert')).toBeVisible();
      await audit.check('verify email, refused link');
      await audit.visit('unsubscribe', '/unsubscribe?t=not-a-real-token');
      await page.getByRole('button', { name: ACCOUNT_EMAIL_UI.unsubscribeButton }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await audit.check('unsubscribe, refused link');
      await page.goto('/join/not-a-real-token');
      await expect(page.getByTestId('join-invalid')).toBeVisible();
      await audit.check('join a department, refused link');
      expect(audit.found).toEqual({});
    });

    test("a citizen's screens", async ({ page, request, citizen }) => {
      test.setTimeout(budget(240_000));
      await stubTiles(page);
      const tag = randomBytes(3).toString('hex');
      // Reports by a neighbour (two, so the feed holds several maps), one of the citizen's own, votes,
      // and a comment by a department still pending verification.
      const neighbour = await loginToken(request, await signupUser(request, { name: 'Ravi Kulkarni' }));
      const first = await createPostViaApi(request, neighbour, { caption: `Pothole near the market ${tag}` });
      const second = await createPostViaApi(request, neighbour, { caption: `Broken streetlight ${tag}` });
      const token = await loginToken(request, citizen);
      const own = await createPostViaApi(request, token, { caption: `Overflowing drain ${tag}` });
      // Chat messages other tests send would pop up as toasts mid-audit: this account does without them.
      await ok(await request.put('/api/account/settings', { headers: auth(token), data: { notifications: { chat: false } } }));
      await ok(await request.put('/api/posts/votePost', { headers: auth(token), data: { postId: first, type: 'upvote' } }));
      await ok(await request.put('/api/posts/votePost', { headers: auth(token), data: { postId: second, type: 'downvote' } }));
      const pending = await loginToken(request, await signupGovernment(request));
      await ok(await request.post('/api/posts/addComment', { headers: auth(pending), data: { postId: first, content: 'We will inspect it.' } }), 201);
      await ok(await request.post('/api/posts/addComment', { headers: auth(token), data: { postId: first, content: 'Thanks!' } }), 201);
      // Notifications for the bell (a neighbour's comment on the citizen's own report) and chat messages,
      // the citizen's own (on the right) and a neighbour's, one with line breaks.
      await ok(await request.post('/api/posts/addComment', { headers: auth(neighbour), data: { postId: own, content: 'Same on my street.' } }), 201);
      await ok(await request.post('/api/user/sendMessage', { headers: auth(neighbour), data: { msg: `Water is back in ward 7 ${tag}\nFrom 6 am.` } }), 201);
      await ok(await request.post('/api/user/sendMessage', { headers: auth(token), data: { msg: `Thanks for the update ${tag}` } }), 201);

      const audit = new Audit(page);
      await signIn(page, token, '/user/dashboard');
      await audit.visit('citizen dashboard', '/user/dashboard');
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await expect(page.getByRole('region', { name: NOTIFICATION_TEXTS.heading }).getByTestId('notification').first()).toBeVisible();
      await audit.check('citizen dashboard, notifications open');
      await page.keyboard.press('Escape');
      if (viewport.width >= 768) {
        await page.getByRole('button', { name: /account menu/i }).click();
        await audit.check('citizen dashboard, account menu open');
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('button', { name: 'Close menu' }).first()).toBeVisible();
        await audit.check('mobile menu open');
        await page.keyboard.press('Escape');
      }

      await audit.visit('feed', '/');
      await expect(page.getByRole('article', { name: new RegExp(tag) })).toHaveCount(2);
      await page.getByRole('article', { name: `Pothole near the market ${tag}` }).getByRole('button', { name: POST_UI.viewComments }).click();
      await audit.check('feed with comments open');

      await audit.visit('create issue', '/user/dashboard/createPost');
      await page.getByRole('button', { name: POST_UI.submit }).click();
      await audit.check('create issue with inline errors');

      await audit.visit('my issues', '/user/dashboard/userPosts');
      await expect(page.getByTestId('post-card')).toHaveCount(1);
      await page.getByRole('button', { name: new RegExp(`^${MY_POSTS_UI.edit}`) }).first().click();
      const editDialog = page.getByRole('dialog', { name: MY_POSTS_UI.editHeading });
      await expect(editDialog).toBeVisible();
      await audit.check('my issues, edit dialog');
      await editDialog.getByRole('button', { name: MY_POSTS_UI.cancel }).click();
      await page.getByRole('button', { name: new RegExp(`^${MY_POSTS_UI.delete}`) }).first().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await audit.check('my issues, delete confirmation');
      await page.getByRole('alertdialog').getByRole('button', { name: MY_POSTS_UI.cancel }).click();

      await audit.visit('upvoted issues', '/user/dashboard/upvotedIssues');
      await audit.visit('downvoted issues', '/user/dashboard/downvotedIssues');
      await audit.visit('community chat', '/user/dashboard/communityChat');
      await expect(page.getByTestId('chat-message').filter({ hasText: `Thanks for the update ${tag}` })).toBeVisible();
      await page.getByRole('textbox', { name: CHAT_TEXTS.messageLabel }).fill('A draft');
      await audit.check('community chat with a draft');
      for (const [screen, url] of [
        ['citizen profile', '/user/dashboard/userProfile'],
        ['citizen settings', '/user/dashboard/settings'],
        ['area alerts', '/alerts'],
        ['public profile', `/user/profile/user/${tokenId(token)}`],
      ] as const) {
        await audit.visit(screen, url);
      }
      // Area alerts with the form's problem shown.
      await audit.visit('area alerts', '/alerts');
      await page.getByRole('button', { name: ALERT_UI.save }).click();
      await audit.check('area alerts with an inline error');
      // The own profile's edit mode.
      await audit.visit('citizen profile', '/user/dashboard/userProfile');
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await expect(page.getByTestId('profile-editor')).toBeVisible();
      await audit.check('citizen profile editor');

      await audit.visit('post page', `/post/${first}`);
      await expect(page.getByTestId('pending-mark')).toBeVisible();
      await page.getByTestId('comment').filter({ hasText: 'Thanks!' }).getByRole('button', { name: POST_UI.deleteComment }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await audit.check('post page, delete comment confirmation');
      await audit.visit('acknowledgement', `/post/${first}/acknowledgement`);
      expect(audit.found).toEqual({});
    });

    test("a department's lists, pending and verified", async ({ page, request, citizen, department }) => {
      test.setTimeout(budget(240_000));
      await stubTiles(page);
      const tag = randomBytes(3).toString('hex');
      const reporter = await loginToken(request, citizen);
      const taken = await createPostViaApi(request, reporter, { caption: `Fallen tree on the lane ${tag}` });
      await createPostViaApi(request, reporter, { caption: `Water main leaking ${tag}` });
      await createPostViaApi(request, reporter, { caption: `Garbage pile at the corner ${tag}` });

      const audit = new Audit(page);
      const govToken = await loginToken(request, department);
      await signIn(page, govToken, '/government/dashboard');
      for (const [screen, url] of [
        ['pending department home', '/government/dashboard'],
        ['pending department, unassigned', '/government/dashboard/viewPosts'],
        ['pending department, in progress', '/government/dashboard/viewProgress'],
        ['pending department, resolved', '/government/dashboard/resolvedIssues'],
        ['department profile', '/government/dashboard/governmentProfile'],
        ['department settings', '/government/dashboard/settings'],
        ['department appeals', '/government/dashboard/appeals'],
      ] as const) {
        await audit.visit(screen, url);
      }
      // Team (department teams): the head's members list, the invitation form with its inline error, a pending invitation.
      await page.goto('/government/dashboard/team');
      await expect(page.getByTestId('team-members')).toBeVisible();
      await audit.check('department team');
      await page.getByRole('button', { name: TEAM_UI.invite }).click();
      await expect(page.getByTestId('field-error')).toBeVisible();
      await audit.check('department team, invite with an inline error');
      await page.getByLabel(TEAM_UI.emailLabel).fill(`invitee.${tag}@example.com`);
      await page.getByRole('button', { name: TEAM_UI.invite }).click();
      await expect(page.getByTestId('team-invites')).toBeVisible();
      await audit.check('department team, pending invitation');

      const adminToken = await loginToken(request, adminAccount());
      await ok(await request.put(`/api/admin/verifyGovernment/${tokenId(govToken)}`, { headers: auth(adminToken) }));
      await ok(await request.put(`/api/gov/progressState/${taken}`, { headers: auth(govToken) }));
      await audit.visit('verified department, unassigned', '/government/dashboard/viewPosts');
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      // The admin's verification is in the department's bell.
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await expect(page.getByRole('region', { name: NOTIFICATION_TEXTS.heading }).getByTestId('notification').first()).toBeVisible();
      await audit.check('verified department, notifications open');
      await page.keyboard.press('Escape');
      await audit.visit('verified department, in progress', '/government/dashboard/viewProgress');
      await expect(page.getByTestId('post-card')).toHaveCount(1);
      await audit.visit('verified department, resolved', '/government/dashboard/resolvedIssues');
      expect(audit.found).toEqual({});
    });

    test("the admin's screens", async ({ page, request }) => {
      test.setTimeout(budget(120_000));
      const audit = new Audit(page);
      await signIn(page, await loginToken(request, adminAccount()), '/admin/dashboard');
      for (const [screen, url] of [
        ['admin home', '/admin/dashboard'],
        ['admin profile', '/admin/dashboard/profile'],
        ['manage posts', '/admin/dashboard/managePosts'],
        ['manage users', '/admin/dashboard/manageUsers'],
        ['manage government', '/admin/dashboard/manageGovernment'],
        ['audit log', '/admin/dashboard/auditLog'],
        ['api keys', '/admin/dashboard/apiKeys'],
        ['triage', '/admin/dashboard/triage'],
        ['appeals', '/admin/dashboard/appeals'],
      ] as const) {
        await audit.visit(screen, url);
      }
      expect(audit.found).toEqual({});
    });
  });
}
