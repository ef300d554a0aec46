/**
 * A department's team (department teams): the head invites members by email, each joins with an
 * account of their own and signs in on the Government tab; the head removes members (their history
 * stays) and assigns the department's reports to members. Rules: policies/team.ts and
 * policies/progress.ts ('progress.assign').
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  LIMITS,
  PROGRESS_TEXTS,
  TEAM_LIMITS,
  TEAM_TEXTS,
  TEXTS,
  normalizeEmail,
  validateUserSignup,
  bucketQuantile,
  type Language,
  type MemberMetrics,
  type ResponseTemplate,
  type TeamInvite,
  type TeamMember,
  type TeamRole,
} from '@civicpulse/shared';
import type { AccountRow } from '../../db/rows.js';
import { EventList } from '../../events/index.js';
import { mailEvent } from '../../events/mail.js';
import { notifyEvent } from '../../events/notifications.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { authorize } from '../../policies/index.js';
import { departmentOf, isHead } from '../../policies/rule.js';
import type { PostLookup } from '../posts/index.js';
import { presentInvite, presentMember } from './presenter.js';
import type { InviteRow, TeamRepo, TemplateRow, TemplatesRepo } from './repo.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

export class TeamService {
  constructor(
    private readonly repo: TeamRepo,
    private readonly posts: Pick<PostLookup, 'require'>,
    private readonly config: { scryptCost: number },
    private readonly clock: Clock,
    private readonly templatesRepo: TemplatesRepo,
  ) {}

  private now(): string {
    return isoAt(this.clock.now());
  }

  async team(me: AccountRow): Promise<{ department: { _id: string; name: string }; me: { _id: string; teamRole: TeamRole }; members: TeamMember[]; invites: TeamInvite[] }> {
    const dept = departmentOf(me);
    const [rows, open] = await Promise.all([this.repo.members(dept, TEAM_LIMITS.membersMax + 1), this.repo.openAssigned(dept)]);
    const head = rows.find((r) => r.id === dept);
    const heads = isHead(me);
    const invites = heads ? (await this.repo.invites(dept, this.now(), TEAM_LIMITS.membersMax)).map(presentInvite) : [];
    return {
      department: { _id: dept, name: head?.name ?? '' },
      me: { _id: me.id, teamRole: heads ? 'head' : 'officer' },
      members: rows.map((r) => presentMember(r, dept, open.get(r.id) ?? 0)),
      invites,
    };
  }

  async invite(me: AccountRow, email: string, role: TeamRole, language: Language): Promise<{ message: string; invite: TeamInvite }> {
    authorize(me, 'team.manage', {});
    const dept = departmentOf(me);
    const address = normalizeEmail(email);
    if (await this.repo.hasAccount(address)) throw conflict(TEAM_TEXTS.inviteExists);
    const nowMs = this.clock.now();
    if ((await this.repo.size(dept, isoAt(nowMs))) >= TEAM_LIMITS.membersMax) throw conflict(TEAM_TEXTS.teamFull);
    const token = randomBytes(32).toString('base64url');
    const row: InviteRow = {
      id: newId(nowMs),
      department_id: dept,
      email: address,
      team_role: role,
      token_hash: hashOf(token),
      invited_by: me.id,
      created_at: isoAt(nowMs),
      expires_at: isoAt(nowMs + TEAM_LIMITS.inviteDays * DAY_MS),
      accepted_at: null,
    };
    const department = (await this.repo.name(dept)) ?? me.name;
    const events = new EventList().add(mailEvent(dept, address, 'teamInvite', { token, department, inviter: me.name, language }));
    if (!(await this.repo.invite(row, events))) throw notFound(TEAM_TEXTS.inviteNotFound);
    return { message: TEAM_TEXTS.inviteSent(address), invite: presentInvite(row) };
  }

  async revoke(me: AccountRow, id: string): Promise<{ message: string }> {
    authorize(me, 'team.manage', {});
    if (!(await this.repo.revoke(departmentOf(me), id))) throw notFound(TEAM_TEXTS.inviteNotFound);
    return { message: TEAM_TEXTS.inviteRevoked };
  }

  async remove(me: AccountRow, memberId: string): Promise<{ message: string }> {
    const dept = departmentOf(me);
    const member = await this.repo.member(dept, memberId);
    if (!member || member.deactivated_at) throw notFound(TEAM_TEXTS.memberNotFound);
    authorize(me, 'team.removeMember', { member: { isDepartment: member.id === dept } });
    const nowMs = this.clock.now();
    const events = new EventList().add({ type: 'sessionsEnded', accountId: memberId });
    if (!(await this.repo.remove(dept, memberId, isoAt(nowMs), Math.floor(nowMs / 1000), events))) throw notFound(TEAM_TEXTS.memberNotFound);
    return { message: TEAM_TEXTS.memberRemoved };
  }

  /** The join page: whom the invitation is from and for. */
  async joinInfo(token: string): Promise<{ department: string; email: string; teamRole: TeamRole }> {
    const invite = await this.repo.openInvite(hashOf(token), this.now());
    if (!invite) throw notFound(TEAM_TEXTS.inviteNotFound);
    return { department: invite.department_name, email: invite.email, teamRole: invite.team_role as TeamRole };
  }

  async join(token: string, input: { name?: unknown; password?: unknown; confirmPassword?: unknown }, language: Language): Promise<{ message: string }> {
    const invite = await this.repo.openInvite(hashOf(token), this.now());
    if (!invite) throw notFound(TEAM_TEXTS.inviteNotFound);
    const problem = validateUserSignup({ name: input.name, email: invite.email, password: input.password, ...(input.confirmPassword !== undefined ? { confirmPassword: input.confirmPassword } : {}) });
    if (problem) throw badRequest(problem);
    const now = this.now();
    const outcome = await this.repo.accept(invite.id, now, {
      id: newId(),
      role: 'government',
      email: invite.email,
      password_hash: await hashPassword(String(input.password), this.config.scryptCost),
      name: String(input.name).trim().slice(0, LIMITS.nameMaxChars),
      // Proved by opening the emailed link; verified for the workflow exactly while its department is.
      is_verified: 0,
      email_verified_at: now,
      resolved_issues_count: 0,
      department_id: invite.department_id,
      team_role: invite.team_role,
      language,
      created_at: now,
      updated_at: now,
    });
    if (outcome === 'gone') throw notFound(TEAM_TEXTS.inviteNotFound);
    if (outcome === 'taken') throw conflict(TEXTS.auth.emailTaken);
    return { message: TEAM_TEXTS.joined };
  }

  /**
   * Assigns a report to a member of the department handling it, or back to nobody (officerId null).
   * Taking it from someone else needs a reason: kept as an internal note, and told to the new member.
   */
  async assign(me: AccountRow, postId: string, officerId: string | null, reason: string | undefined): Promise<{ message: string }> {
    const dept = departmentOf(me);
    const post = await this.posts.require(postId);
    const officer = officerId === null ? null : await this.repo.member(dept, officerId);
    if (officerId !== null && (!officer || officer.deactivated_at)) throw badRequest(TEAM_TEXTS.officerNotInTeam);
    authorize(me, 'progress.assign', { post, officer: officer ? { id: officer.id, department: dept } : null });
    const from = post.assigned_officer;
    const to = officer?.id ?? null;
    if (from === to) return { message: to ? TEAM_TEXTS.assigned(officer!.name) : TEAM_TEXTS.unassigned };
    const why = reason?.trim() ?? '';
    // Taken from another member (not the actor's own report): the reason is what the team reads later.
    const reassigned = from !== null && from !== me.id;
    if (reassigned && !why) throw badRequest(TEAM_TEXTS.reasonRequired);
    const nowMs = this.clock.now();
    const events = new EventList();
    events.add({ type: 'postChanged', postId, reason: 'progress' });
    if (officer && officer.id !== me.id) {
      for (const e of notifyEvent(officer.id, 'assigned', { id: me.id, name: me.name }, { post: { id: post.id, caption: post.caption }, reason: why || null })) events.add(e);
    }
    const fromName = from ? ((await this.repo.name(from)) ?? '') : '';
    const toName = officer?.name ?? TEAM_TEXTS.unassigned;
    const note = why
      ? { id: newId(nowMs), post_id: postId, author_id: me.id, author_name: me.name, author_role: me.role, body: TEAM_TEXTS.reassignNote(fromName || '—', toName, why).slice(0, 2000), created_at: isoAt(nowMs) }
      : undefined;
    const applied = await this.repo.assign({ postId, department: dept, expectOfficer: from, officer: to, note }, events);
    if (!applied) throw new HttpError(409, PROGRESS_TEXTS.concurrentChange);
    return { message: to ? TEAM_TEXTS.assigned(officer!.name) : TEAM_TEXTS.unassigned };
  }

  // ---- response templates: every member picks one; heads keep them ----

  async templates(me: AccountRow): Promise<{ templates: ResponseTemplate[] }> {
    return { templates: (await this.templatesRepo.list(departmentOf(me), TEAM_LIMITS.templatesMax)).map(presentTemplate) };
  }

  async addTemplate(me: AccountRow, input: { title: string; body: string }): Promise<{ message: string; template: ResponseTemplate }> {
    authorize(me, 'team.manage', {});
    const now = this.now();
    const row: TemplateRow = { id: newId(), department_id: departmentOf(me), title: input.title, body: input.body, created_at: now, updated_at: now };
    if (!(await this.templatesRepo.add(row, TEAM_LIMITS.templatesMax))) throw conflict(TEAM_TEXTS.templatesFull);
    return { message: TEAM_TEXTS.templateSaved, template: presentTemplate(row) };
  }

  async editTemplate(me: AccountRow, id: string, input: { title: string; body: string }): Promise<{ message: string; template: ResponseTemplate }> {
    authorize(me, 'team.manage', {});
    const row = await this.templatesRepo.edit(departmentOf(me), id, { title: input.title, body: input.body, updated_at: this.now() });
    if (!row) throw notFound(TEAM_TEXTS.templateNotFound);
    return { message: TEAM_TEXTS.templateSaved, template: presentTemplate(row) };
  }

  async removeTemplate(me: AccountRow, id: string): Promise<{ message: string }> {
    authorize(me, 'team.manage', {});
    if (!(await this.templatesRepo.remove(departmentOf(me), id))) throw notFound(TEAM_TEXTS.templateNotFound);
    return { message: TEAM_TEXTS.templateDeleted };
  }

  // ---- per-member figures (kept counters, see events/metrics.ts) ----

  async metrics(me: AccountRow): Promise<{ members: MemberMetrics[] }> {
    const dept = departmentOf(me);
    const [people, open, kept] = await Promise.all([this.repo.members(dept, TEAM_LIMITS.membersMax), this.repo.openAssigned(dept), this.templatesRepo.metrics(dept)]);
    const byMember = new Map(kept.rows.map((r) => [r.member_id, r]));
    return {
      members: people.map((p) => {
        const m = byMember.get(p.id);
        const buckets = kept.buckets.filter((b) => b.member_id === p.id).map((b) => ({ bucket: Number(b.bucket), n: Number(b.n) }));
        return {
          _id: p.id,
          name: p.name,
          taken: Number(m?.taken_count ?? 0),
          resolved: Number(m?.finished_count ?? 0),
          medianHours: bucketQuantile(buckets, 0.5),
          rejectedFixes: Number(m?.rejected_count ?? 0),
          openAssigned: open.get(p.id) ?? 0,
        };
      }),
    };
  }
}

function presentTemplate(row: TemplateRow): ResponseTemplate {
  return { _id: row.id, title: row.title, body: row.body, updatedAt: row.updated_at };
}
