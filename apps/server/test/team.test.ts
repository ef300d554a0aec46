/**
 * Department teams: a head invites officers by email (a real SMTP server receives the link), each
 * joins with an account of their own and signs in on the Government tab; reports are assigned within
 * the department; every move records the member who made it while the reporter and the public see the
 * department; a removed member keeps their history but signs in no more. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_TEXTS, TEAM_TEXTS, TEXTS, teamAnswer, type HistoryEntry, type Post, type TeamMember } from '@civicpulse/shared';
import { actorFrom, advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, uniqueEmail, type Actor, type TestApp } from './helpers/app.js';
import { startSmtp, type TestSmtp } from './helpers/smtp.js';

let t: TestApp;
let smtp: TestSmtp;
let head: Actor;
let citizen: Actor;
let admin: Actor;
let otherHead: Actor;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '0', PUBLIC_URL: 'https://civicpulse.example.in' });
  head = await signupGovernment(t.app, { verified: true, department: 'Pune Roads Department' });
  otherHead = await signupGovernment(t.app, { verified: true, department: 'Water Board' });
  citizen = await signupCitizen(t.app, 'Asha Citizen');
  admin = await loginAdmin(t.app);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

/** The join link's token from the invitation email. */
async function invitedToken(email: string): Promise<string> {
  const [mail] = await smtp.waitFor(1, email);
  const link = (mail!.text ?? '').match(/https:\/\/civicpulse\.example\.in\/join\/(\S+)/);
  if (!link) throw new Error(`no join link in ${mail!.text}`);
  return decodeURIComponent(link[1]!);
}

/** Invites `email` as `teamRole`, joins with the link, and signs in on the Government tab. */
async function member(by: Actor, name: string, teamRole: 'officer' | 'head' = 'officer'): Promise<Actor> {
  const email = uniqueEmail('officer');
  const invite = await req('POST', '/api/gov/team/invites', by, { email, teamRole });
  expect(invite.statusCode, invite.body).toBe(201);
  const token = await invitedToken(email);
  const joined = await req('POST', `/api/gov/team/join/${token}`, undefined, { name, password: 'officer-pass', confirmPassword: 'officer-pass' });
  expect(joined.statusCode, joined.body).toBe(201);
  const login = await req('POST', '/api/gov/login', undefined, { officialEmail: email, password: 'officer-pass' });
  expect(login.statusCode, login.body).toBe(200);
  return actorFrom(login.json<{ token: string }>().token, email, 'officer-pass');
}

const getPost = async (id: string, who: Actor) => (await req('GET', `/api/posts/post/${id}`, who)).json<{ post: Post }>().post;
const queue = async (who: Actor, scope: string) => (await req('GET', `/api/gov/allPosts?scope=${scope}&limit=50`, who)).json<{ posts: Post[]; total?: number }>();

describe('department teams: members', () => {
  it('a head invites by email; the officer joins with the link, signs in, and acts for the department', async () => {
    const email = uniqueEmail('officer');
    const sent = await req('POST', '/api/gov/team/invites', head, { email: `  ${email.toUpperCase()} `, teamRole: 'officer' }, { 'accept-language': 'hi' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = await smtp.waitFor(1, email);
    // The email is in the language the head wrote it in, names the department and carries the link.
    expect(mail!.subject).toContain('Pune Roads Department');
    expect(mail!.text).toContain('विभाग');
    const token = await invitedToken(email);
    // The join page reads whom the invitation is from and for, without signing in.
    const info = await req('GET', `/api/gov/team/join/${token}`);
    expect(info.json()).toEqual({ department: 'Pune Roads Department', email, teamRole: 'officer' });
    // The head sees the pending invitation; nobody else's team shows it.
    const pending = (await req('GET', '/api/gov/team', head)).json<{ invites: Array<{ email: string }> }>();
    expect(pending.invites.map((i) => i.email)).toContain(email);
    expect((await req('GET', '/api/gov/team', otherHead)).body).not.toContain(email);

    // Bad input is refused with the reason and uses nothing up.
    const short = await req('POST', `/api/gov/team/join/${token}`, undefined, { name: 'Meera Officer', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(message(short)).toBe(TEXTS.validation.passwordTooShort);
    const blank = await req('POST', `/api/gov/team/join/${token}`, undefined, { name: '  ', password: 'officer-pass' });
    expect(blank.statusCode).toBe(400);
    const joined = await req('POST', `/api/gov/team/join/${token}`, undefined, { name: 'Meera Officer', password: 'officer-pass', confirmPassword: 'officer-pass' });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(message(joined)).toBe(TEAM_TEXTS.joined);
    // A link works once.
    expect((await req('POST', `/api/gov/team/join/${token}`, undefined, { name: 'Again', password: 'officer-pass' })).statusCode).toBe(404);
    expect((await req('GET', `/api/gov/team/join/${token}`)).statusCode).toBe(404);

    const login = await req('POST', '/api/gov/login', undefined, { officialEmail: email, password: 'officer-pass' });
    expect(login.statusCode, login.body).toBe(200);
    const officer = actorFrom(login.json<{ token: string }>().token, email, 'officer-pass');
    const me = (await req('GET', '/api/gov/me', officer)).json<Record<string, unknown>>();
    expect(me).toMatchObject({ _id: officer.id, authorityName: 'Pune Roads Department', isVerified: true, departmentId: head.id, teamRole: 'officer', memberName: 'Meera Officer' });

    const team = await req('GET', '/api/gov/team', officer);
    expect(teamAnswer.strict().safeParse(team.json()).success, team.body).toBe(true);
    const body = team.json<{ members: TeamMember[]; invites: unknown[]; me: { teamRole: string } }>();
    expect(body.me.teamRole).toBe('officer');
    expect(body.invites).toEqual([]);
    expect(body.members.map((m) => [m.name, m.teamRole, m.isDepartment])).toEqual([
      ['Pune Roads Department', 'head', true],
      ['Meera Officer', 'officer', false],
    ]);
    // A member's own address is not the office's contact: others do not read it on the profile.
    const profile = await req('GET', `/api/gov/profile/government/${officer.id}`, citizen);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.body).not.toContain(email);
    expect(profile.json<{ hiddenFields: string[] }>().hiddenFields).toEqual(expect.arrayContaining(['officialEmail', 'phone']));
    expect((await req('GET', `/api/gov/profile/government/${officer.id}`, officer)).body).toContain(email);
    // Officers are not departments: the admin's list and verification do not see them.
    const depts = (await req('GET', '/api/admin/governments?limit=100', admin)).body;
    expect(depts).not.toContain(email);
    expect((await req('PUT', `/api/admin/verifyGovernment/${officer.id}`, admin)).statusCode).toBe(404);
  });

  it('only a head invites, withdraws and removes; bad invitations are refused and store nothing', async () => {
    const officer = await member(head, 'Kiran Officer');
    const refused = await req('POST', '/api/gov/team/invites', officer, { email: uniqueEmail('x'), teamRole: 'officer' });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(TEAM_TEXTS.onlyHead);
    for (const payload of [{ email: 'not-an-email' }, { email: '' }, {}, { email: `${'a'.repeat(300)}@x.in` }, { email: 'a@b.in', teamRole: 'mayor' }, { email: 'a\u0000b@x.in' }]) {
      const res = await req('POST', '/api/gov/team/invites', head, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // An address that already has an account is told so (it cannot join a second time).
    const taken = await req('POST', '/api/gov/team/invites', head, { email: citizen.email });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe(TEAM_TEXTS.inviteExists);
    // Withdrawing: the link stops working.
    const email = uniqueEmail('withdrawn');
    const invite = (await req('POST', '/api/gov/team/invites', head, { email })).json<{ invite: { _id: string } }>().invite;
    const token = await invitedToken(email);
    expect((await req('DELETE', `/api/gov/team/invites/${invite._id}`, otherHead)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/gov/team/invites/${invite._id}`, officer)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/gov/team/invites/${invite._id}`, head)).statusCode).toBe(200);
    expect((await req('GET', `/api/gov/team/join/${token}`)).statusCode).toBe(404);
    // The department account itself cannot be removed; an officer removes nobody; another department cannot reach this one's members.
    const self = await req('DELETE', `/api/gov/team/members/${head.id}`, head);
    expect(self.statusCode).toBe(403);
    expect(message(self)).toBe(TEAM_TEXTS.cannotRemoveSelf);
    expect((await req('DELETE', `/api/gov/team/members/${officer.id}`, officer)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/gov/team/members/${officer.id}`, otherHead)).statusCode).toBe(404);
  });

  it('an invited head manages the team like the department account', async () => {
    const deputy = await member(head, 'Deputy Head', 'head');
    const officer = await member(deputy, 'Officer Of Deputy');
    const team = (await req('GET', '/api/gov/team', deputy)).json<{ me: { teamRole: string }; members: TeamMember[] }>();
    expect(team.me.teamRole).toBe('head');
    expect(team.members.map((m) => m.name)).toContain('Officer Of Deputy');
    expect((await req('DELETE', `/api/gov/team/members/${officer.id}`, deputy)).statusCode).toBe(200);
  });

  it('a department not yet verified has members who cannot move reports either', async () => {
    const pending = await signupGovernment(t.app, { department: 'Pending Ward Office' });
    const officer = await member(pending, 'Pending Officer');
    expect((await req('GET', '/api/gov/me', officer)).json()).toMatchObject({ isVerified: false });
    const post = await createPost(t.app, citizen, { caption: 'Garbage not collected for a week' });
    const take = await req('PUT', `/api/gov/progressState/${post._id}`, officer);
    expect(take.statusCode).toBe(403);
    expect(message(take)).toBe(PROGRESS_TEXTS.pendingVerification);
  });
});

describe('department teams: assignment and the record of who did what', () => {
  it('an officer taking a report over has it; the head reassigns with a reason; the record names the member to the department only', async () => {
    const meera = await member(head, 'Meera Engineer');
    const arjun = await member(head, 'Arjun Engineer');
    const foreign = await member(otherHead, 'Water Officer');
    const post = await createPost(t.app, citizen, { caption: 'Deep pothole outside the bus depot' });

    // The officer takes it over: the department holds it, assigned to that officer.
    expect((await req('PUT', `/api/gov/progressState/${post._id}`, meera)).statusCode).toBe(200);
    expect((await getPost(post._id, head)).assignedOfficer).toEqual({ _id: meera.id, name: 'Meera Engineer' });
    expect((await queue(meera, 'mine')).posts.map((p) => p._id)).toContain(post._id);
    expect((await queue(arjun, 'mine')).posts.map((p) => p._id)).not.toContain(post._id);
    expect((await queue(head, 'assigned')).posts.map((p) => p._id)).toContain(post._id);

    // Another member cannot move it or assign it to themself; another department's officer cannot either.
    const blocked = await req('PUT', `/api/gov/progressState/${post._id}`, arjun);
    expect(blocked.statusCode).toBe(403);
    expect(message(blocked)).toBe(TEAM_TEXTS.assignedToOther);
    const grab = await req('PUT', `/api/gov/assign/${post._id}`, arjun, { officerId: arjun.id });
    expect(grab.statusCode).toBe(403);
    const others = await req('PUT', `/api/gov/assign/${post._id}`, meera, { officerId: arjun.id });
    expect(others.statusCode).toBe(403);
    expect(message(others)).toBe(TEAM_TEXTS.assignOthers);
    expect((await req('PUT', `/api/gov/assign/${post._id}`, foreign, { officerId: foreign.id })).statusCode).toBe(403);
    // (A lost take-over, as for any other department: 409 "already taken".)
    expect(message(await req('PUT', `/api/gov/progressState/${post._id}`, foreign))).toBe(PROGRESS_TEXTS.alreadyTaken);
    expect((await req('PUT', `/api/gov/regressProgressState/${post._id}`, foreign)).statusCode).toBe(403);
    // A member of another department is not assignable here.
    const outsider = await req('PUT', `/api/gov/assign/${post._id}`, head, { officerId: foreign.id, reason: 'x' });
    expect(outsider.statusCode).toBe(400);
    expect(message(outsider)).toBe(TEAM_TEXTS.officerNotInTeam);

    // Reassigning needs a reason; it is kept as an internal note and the new member is told.
    const noReason = await req('PUT', `/api/gov/assign/${post._id}`, head, { officerId: arjun.id });
    expect(noReason.statusCode).toBe(400);
    expect(message(noReason)).toBe(TEAM_TEXTS.reasonRequired);
    const moved = await req('PUT', `/api/gov/assign/${post._id}`, head, { officerId: arjun.id, reason: 'Meera is on leave this week' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: string; post: Post }>()).toMatchObject({ message: TEAM_TEXTS.assigned('Arjun Engineer'), post: { assignedOfficer: { _id: arjun.id } } });
    const notes = (await req('GET', `/api/posts/post/${post._id}/internalNotes`, arjun)).json<{ notes: Array<{ body: string }> }>().notes;
    expect(notes[0]!.body).toBe(TEAM_TEXTS.reassignNote('Meera Engineer', 'Arjun Engineer', 'Meera is on leave this week'));
    const told = (await req('GET', '/api/notifications', arjun)).json<{ notifications: Array<{ title: string; message: string }> }>().notifications;
    expect(told[0]).toMatchObject({ title: 'Report assigned to you' });
    expect(told[0]!.message).toContain('Meera is on leave this week');

    // Arjun moves it on with a public note; then back a stage with a reason the reporter reads.
    const on = await req('PUT', `/api/gov/progressState/${post._id}`, arjun, { note: 'Inspected the site; repair crew booked' });
    expect(on.statusCode, on.body).toBe(200);
    const back = await req('PUT', `/api/gov/regressProgressState/${post._id}`, arjun, { reason: 'Marked verified by mistake' });
    expect(back.statusCode, back.body).toBe(200);
    const tooLong = await req('PUT', `/api/gov/regressProgressState/${post._id}`, arjun, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(message(tooLong)).toBe(TEAM_TEXTS.reasonTooLong);
    expect((await getPost(post._id, head)).progressState).toBe('Problem Seen');

    // The reporter and the public read the department and the words; the department and admins also the member.
    const byCitizen = (await getPost(post._id, citizen)).history!;
    const govMoves = (h: HistoryEntry[]) => h.filter((e) => e.actor.role === 'government');
    expect(govMoves(byCitizen).map((e) => [e.action, e.actor.name, e.note])).toEqual([
      ['advance', 'Pune Roads Department', null],
      ['advance', 'Pune Roads Department', 'Inspected the site; repair crew booked'],
      ['regress', 'Pune Roads Department', 'Marked verified by mistake'],
    ]);
    expect(govMoves(byCitizen).every((e) => e.actor._id === head.id && e.by === undefined)).toBe(true);
    expect((await getPost(post._id, citizen)).assignedOfficer).toBeUndefined();
    const pub = await req('GET', `/api/public/posts/${post._id}`);
    expect(pub.body).not.toContain('Arjun');
    expect(pub.body).not.toContain('Meera');
    expect(pub.body).toContain('Marked verified by mistake');
    for (const who of [head, admin]) {
      expect(govMoves((await getPost(post._id, who)).history!).map((e) => e.by?.name)).toEqual(['Meera Engineer', 'Arjun Engineer', 'Arjun Engineer']);
    }
    expect(JSON.stringify((await getPost(post._id, otherHead)).history)).not.toContain('Arjun');
  });

  it('queues: assigned to me, unassigned in my department; an officer may take an unassigned one for themself', async () => {
    const officer = await member(head, 'Queue Officer');
    const a = await createPost(t.app, citizen, { caption: 'Streetlight flickering on FC Road' });
    const b = await createPost(t.app, citizen, { caption: 'Broken footpath tiles near the school' });
    await advanceTo(t.app, head, a._id, 'Problem Seen');
    await advanceTo(t.app, head, b._id, 'Problem Seen');
    const team = await queue(officer, 'team');
    expect(team.posts.map((p) => p._id)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect(team.total).toBe(team.posts.length);
    const mine = await req('PUT', `/api/gov/assign/${a._id}`, officer, { officerId: officer.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await queue(officer, 'mine')).posts.map((p) => p._id)).toEqual([a._id]);
    expect((await queue(officer, 'team')).posts.map((p) => p._id)).not.toContain(a._id);
    // The head's cards carry the assignee; the head can put it back in the queue (it was someone else's: a reason).
    expect((await queue(head, 'assigned')).posts.find((p) => p._id === a._id)?.assignedOfficer).toEqual({ _id: officer.id, name: 'Queue Officer' });
    expect((await req('PUT', `/api/gov/assign/${a._id}`, head, { officerId: null, reason: 'Reshuffling the ward' })).statusCode).toBe(200);
    expect((await queue(officer, 'mine')).posts).toEqual([]);
    // The officer releasing their own needs no reason.
    await req('PUT', `/api/gov/assign/${b._id}`, officer, { officerId: officer.id });
    expect((await req('PUT', `/api/gov/assign/${b._id}`, head, { officerId: null })).statusCode).toBe(400);
    // Before a take-over there is nothing to assign.
    const c = await createPost(t.app, citizen, { caption: 'Open manhole near the market' });
    const early = await req('PUT', `/api/gov/assign/${c._id}`, head, { officerId: officer.id });
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(TEAM_TEXTS.assignNotTaken);
    // Bad input: a 4xx with the reason, nothing changed.
    for (const payload of [{}, { officerId: 42 }, { officerId: 'x'.repeat(65) }, { officerId: officer.id, reason: 'x'.repeat(501) }, { officerId: 'a\u0000b' }]) {
      const res = await req('PUT', `/api/gov/assign/${b._id}`, head, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await queue(officer, 'mine')).posts.map((p) => p._id)).toEqual([b._id]);
  });

  it('a removed member signs in no more; their reports go back to the queue and their record stays', async () => {
    const leaving = await member(head, 'Leaving Officer');
    const post = await createPost(t.app, citizen, { caption: 'Water logging at the underpass' });
    expect((await req('PUT', `/api/gov/progressState/${post._id}`, leaving)).statusCode).toBe(200);
    const removed = await req('DELETE', `/api/gov/team/members/${leaving.id}`, head);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(message(removed)).toBe(TEAM_TEXTS.memberRemoved);
    expect((await req('GET', '/api/gov/me', leaving)).statusCode).toBe(401);
    const login = await req('POST', '/api/gov/login', undefined, { officialEmail: leaving.email, password: leaving.password });
    expect(login.statusCode).toBe(401);
    expect(message(login)).toBe(TEXTS.auth.invalidCredentials);
    const after = await getPost(post._id, head);
    expect(after.assignedOfficer).toBeNull();
    expect(after.history!.find((e) => e.actor.role === 'government')?.by).toEqual({ _id: leaving.id, name: 'Leaving Officer' });
    const team = (await req('GET', '/api/gov/team', head)).json<{ members: TeamMember[] }>();
    expect(team.members.map((m) => m.name)).not.toContain('Leaving Officer');
    expect((await queue(head, 'team')).posts.map((p) => p._id)).toContain(post._id);
  });
});
