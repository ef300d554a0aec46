/**
 * Issue 17: the server's `{ message }` answers follow Accept-Language (English by default, so a client
 * that sends none reads exactly the spec's texts), and the account keeps its language with its settings.
 * Expected Hindi is read from the shared Hindi objects, never written here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_KINDS, PROFILE_LIMITS, PROFILE_TEXTS, SETTINGS_TEXTS, TEXTS, notificationText, type NotificationsPage } from '@civicpulse/shared';
import { SHARED_HI, notificationTextHi } from '@civicpulse/shared/i18n/hi';
import { presentLiveNotification } from '../src/modules/notifications/presenter.js';
import { createPost, createTestApp, signupCitizen, signupGovernment, uniqueEmail, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let app: FastifyInstance;
let citizen: Actor;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  citizen = await signupCitizen(app);
});
afterAll(() => t.close());

const HI = SHARED_HI.TEXTS;
const hindi = { 'accept-language': 'hi-IN' };

const login = (password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/user/login', headers, payload: { email: citizen.email, password } });

describe('answers in the language of Accept-Language', () => {
  it('a 401 reads in Hindi for hi-IN, in English without the header or when English is preferred', async () => {
    const hi = await login('wrong-password', hindi);
    expect(hi.statusCode).toBe(401);
    expect(hi.json()).toEqual({ message: HI.auth.invalidCredentials });
    expect(HI.auth.invalidCredentials).not.toBe(TEXTS.auth.invalidCredentials);
    expect(hi.headers.vary).toMatch(/accept-language/i);

    const none = await login('wrong-password');
    expect(none.json()).toEqual({ message: TEXTS.auth.invalidCredentials });
    expect(none.headers.vary).toMatch(/accept-language/i);

    const preferEnglish = await login('wrong-password', { 'accept-language': 'hi;q=0.1, en;q=0.9' });
    expect(preferEnglish.json()).toEqual({ message: TEXTS.auth.invalidCredentials });
    const other = await login('wrong-password', { 'accept-language': 'fr-FR, de;q=0.8' });
    expect(other.json()).toEqual({ message: TEXTS.auth.invalidCredentials });
  });

  it('a 400 from validation and a 409 from a taken email read in Hindi', async () => {
    const blank = await app.inject({ method: 'POST', url: '/api/user/signup', headers: hindi, payload: { name: '', email: '', password: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: HI.validation.fillAllFields });

    const taken = await app.inject({ method: 'POST', url: '/api/user/signup', headers: hindi, payload: { name: 'Asha', email: citizen.email, password: 'secret123' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: HI.auth.emailTaken });

    const englishTaken = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { name: 'Asha', email: citizen.email, password: 'secret123' } });
    expect(englishTaken.json()).toEqual({ message: TEXTS.auth.emailTaken });
  });

  it('errors raised before any route (no token, unknown route) read in Hindi too', async () => {
    const noToken = await app.inject({ method: 'GET', url: '/api/account/settings', headers: hindi });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ message: HI.auth.tokenMissing });
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: hindi });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: HI.http.routeNotFound });
  });

  it('a success answer: signing up says "User registered successfully!" in Hindi, the rest of the answer unchanged', async () => {
    const signup = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/user/signup', headers, payload: { name: 'Ravi', email: uniqueEmail('ravi'), password: 'secret123' } });
    const hi = await signup(hindi);
    expect(hi.statusCode).toBe(201);
    expect(hi.json()).toEqual({ message: HI.success.userRegistered });
    expect(HI.success.userRegistered).not.toBe(TEXTS.success.userRegistered);
    expect((await signup({})).json()).toEqual({ message: TEXTS.success.userRegistered });
    // Login answers only a token (the "User logged in!" toast is the web app's own, in its language).
    const token = await login(citizen.password, hindi);
    expect(Object.keys(token.json<object>())).toEqual(['token']);
  });

  it('a message with a name in it (the progress state) and one with a number (a length limit)', async () => {
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, citizen);
    const moved = await app.inject({ method: 'PUT', url: `/api/gov/progressState/${_id}`, headers: { ...dept.auth, ...hindi } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: HI.progressMoves.updated('Problem Seen'), post: { progressState: 'Problem Seen' } });
    expect(HI.progressMoves.updated('Problem Seen')).toContain(SHARED_HI.NAMES.progress['Problem Seen']);
    const back = await app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${_id}`, headers: { ...dept.auth, ...hindi } });
    expect(back.json()).toMatchObject({ message: HI.progressMoves.movedBack('Unseen') });
    const english = await app.inject({ method: 'PUT', url: `/api/gov/progressState/${_id}`, headers: dept.auth });
    expect(english.json()).toMatchObject({ message: 'Progress updated to Problem Seen' });

    const long = await app.inject({
      method: 'PUT',
      url: '/api/user/updateProfile',
      headers: { ...citizen.auth, ...hindi },
      payload: { bio: 'x'.repeat(PROFILE_LIMITS.bioMaxChars + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: SHARED_HI.PROFILE_TEXTS.tooLong('Bio', PROFILE_LIMITS.bioMaxChars) });
    const longEn = await app.inject({ method: 'PUT', url: '/api/user/updateProfile', headers: citizen.auth, payload: { bio: 'x'.repeat(PROFILE_LIMITS.bioMaxChars + 1) } });
    expect(longEn.json()).toEqual({ message: PROFILE_TEXTS.tooLong('Bio', PROFILE_LIMITS.bioMaxChars) });
  });

  it('answers without a message of ours stay as they are, without Vary: Accept-Language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/settings', headers: { ...citizen.auth, ...hindi } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary ?? '').not.toMatch(/accept-language/i);
  });
});

describe("the account's language", () => {
  const settings = (who: Actor) => app.inject({ method: 'GET', url: '/api/account/settings', headers: who.auth });
  const save = (who: Actor, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: '/api/account/settings', headers: { ...who.auth, ...headers }, payload });

  it('is null until chosen, saved with the settings, kept when a PUT leaves it out, and forgotten with null', async () => {
    const me = await signupCitizen(app);
    expect((await settings(me)).json()).toMatchObject({ notifications: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])), publicFields: [], language: null });

    const chosen = await save(me, { language: 'hi' }, hindi);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ message: SHARED_HI.SETTINGS_TEXTS.settingsSaved, language: 'hi' });
    expect((await settings(me)).json()).toMatchObject({ language: 'hi' });

    // A client from before issue 17 saves its notification choices without naming a language.
    const older = await save(me, { notifications: { chat: false } });
    expect(older.json()).toMatchObject({ message: SETTINGS_TEXTS.settingsSaved, language: 'hi', notifications: { chat: false } });
    expect((await settings(me)).json()).toMatchObject({ language: 'hi', notifications: { chat: false } });

    expect((await save(me, { language: 'en' })).json()).toMatchObject({ language: 'en' });
    expect((await save(me, { language: null })).json()).toMatchObject({ language: null });
    expect((await settings(me)).json()).toMatchObject({ language: null, notifications: { chat: false } });
  });

  it('refuses a language that is not one of ours with a clear 400 (in the reader’s language)', async () => {
    const me = await signupCitizen(app);
    for (const language of ['fr', 'HI', '', 7, ['hi']]) {
      const res = await save(me, { language });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(res.json()).toEqual({ message: TEXTS.validation.languageInvalid });
    }
    expect((await save(me, { language: 'de' }, hindi)).json()).toEqual({ message: HI.validation.languageInvalid });
    expect((await settings(me)).json()).toMatchObject({ language: null });
  });

  it('works for a department account too, and is in the data export', async () => {
    const dept = await signupGovernment(app);
    expect((await save(dept, { language: 'hi' })).statusCode).toBe(200);
    expect((await settings(dept)).json()).toMatchObject({ language: 'hi' });
    const exported = await app.inject({ method: 'GET', url: '/api/account/export', headers: dept.auth });
    expect(JSON.parse(exported.body)).toMatchObject({ settings: { language: 'hi' } });
  });
});

describe('notifications in the reader language', () => {
  it('the bell list reads in the language of Accept-Language; a live push carries the Hindi beside the English', async () => {
    const author = await signupCitizen(app, 'Meera Author');
    const neighbour = await signupCitizen(app, 'Ravi Neighbour');
    const post = await createPost(app, author, { caption: 'Broken streetlight near the temple' });
    const commented = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId: post._id, content: 'Same here' } });
    expect(commented.statusCode).toBe(201);

    const facts = { actorName: 'Ravi Neighbour', caption: 'Broken streetlight near the temple', toState: null, reason: null };
    const list = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/notifications', headers: { ...author.auth, ...headers } });
    const english = (await list()).json<NotificationsPage>().notifications[0]!;
    expect(english).toMatchObject(notificationText('comment', facts));
    const hiRes = await list(hindi);
    expect(hiRes.headers.vary).toMatch(/accept-language/i);
    const inHindi = hiRes.json<NotificationsPage>().notifications[0]!;
    expect(inHindi).toMatchObject(notificationTextHi('comment', facts));
    expect(inHindi.title).not.toBe(english.title);
    expect(inHindi.translations).toBeUndefined();

    const row = { ...(await t.app.ctx.database.db.selectFrom('notifications').selectAll().where('id', '=', english.id).executeTakeFirstOrThrow()) };
    const live = presentLiveNotification(row as never);
    expect(live).toMatchObject({ id: english.id, title: english.title, message: english.message, translations: { hi: notificationTextHi('comment', facts) } });
  });
});
