/**
 * Transfers and appeals (department teams). A department that is not responsible hands a report to the
 * right one (it arrives at Problem Seen, assigned to that department, the chain on the timeline) or to
 * the admin's triage queue (back at Unseen, on nobody's View Issues, until an admin sends it on). A
 * reporter who rejected two fixes, or rated one "Not satisfied", appeals once; the department's head
 * (an admin for a department without members) answers within TEAM_LIMITS.appealDays. Service-level
 * clocks count from the report's creation throughout: a transfer never restarts them (README).
 */
import { PROGRESS_TEXTS, TEAM_LIMITS, TEAM_TEXTS, TEXTS, type Appeal, type AppealOutcome } from '@civicpulse/shared';
import type { AccountRow, PostRow } from '../../db/rows.js';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/paging.js';
import { isRowId } from '../../db/chunks.js';
import { HttpError, badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { authorize } from '../../policies/index.js';
import { departmentOf } from '../../policies/rule.js';
import type { PostLookup } from '../posts/index.js';
import type { ServiceLevelsService } from '../servicelevels/index.js';
import type { AppealRow, CaseworkRepo } from './caseworkRepo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DIRECTORY_MAX = 50;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

type Named = { id: string; name: string };

export class CaseworkService {
  constructor(
    private readonly repo: CaseworkRepo,
    private readonly posts: Pick<PostLookup, 'require'>,
    private readonly serviceLevels: Pick<ServiceLevelsService, 'nextAfterMove'>,
    private readonly clock: Clock,
    /** A department's name (a member acts in its department's name). */
    private readonly departmentName: (id: string) => Promise<string | undefined>,
  ) {}

  /** Who the reporter and the public see: a member's department, or the admin by role. */
  private async publicActor(account: AccountRow): Promise<Named & { departmentId: string | null }> {
    if (account.role !== 'government') return { id: account.id, name: account.name, departmentId: null };
    const dept = departmentOf(account);
    return { id: dept, name: dept === account.id ? account.name : ((await this.departmentName(dept)) ?? account.name), departmentId: dept };
  }

  async directory(q: string | undefined, me: AccountRow) {
    const rows = await this.repo.departments(q?.trim() || undefined, DIRECTORY_MAX + 1);
    const mine = departmentOf(me);
    return { departments: rows.filter((r) => r.id !== mine).slice(0, DIRECTORY_MAX).map((r) => ({ _id: r.id, name: r.name, city: r.city })) };
  }

  /** A department hands a report on (targetId) or to the admin's triage (null). */
  async transfer(me: AccountRow, postId: string, targetId: string | null, reason: string): Promise<{ message: string }> {
    const post = await this.posts.require(postId);
    const routed = post.assigned_government === null ? await this.repo.isRoutedTo(postId, departmentOf(me)) : false;
    authorize(me, 'progress.transfer', { post, routed });
    return this.move(me, post, targetId, reason);
  }

  /** An admin sends a report from the triage queue to the responsible department. */
  async route(admin: AccountRow, postId: string, targetId: string | null, reason: string): Promise<{ message: string }> {
    authorize(admin, 'admin.triage');
    const post = await this.posts.require(postId);
    if (post.needs_triage !== 1) throw new HttpError(409, TEAM_TEXTS.notInTriage);
    if (targetId === null) throw badRequest(TEAM_TEXTS.transferTargetInvalid);
    return this.move(admin, post, targetId, reason);
  }

  private async move(me: AccountRow, post: PostRow, targetId: string | null, reason: string): Promise<{ message: string }> {
    const from = me.role === 'government' ? departmentOf(me) : null;
    const target = targetId === null ? null : await this.repo.department(targetId);
    if (targetId !== null && (!target || target.id === from)) throw badRequest(TEAM_TEXTS.transferTargetInvalid);
    const by = await this.publicActor(me);
    const nowMs = this.clock.now();
    const to = target ? ('Problem Seen' as const) : ('Unseen' as const);
    const why = reason.trim();
    const about = { post: { id: post.id, caption: post.caption } };
    const events = new EventList();
    events.add({ type: 'postChanged', postId: post.id, reason: 'progress' });
    for (const e of notifyEvent(post.author_id, 'transferred', { id: by.id, name: by.name }, { ...about, toState: target?.name ?? '', reason: why })) events.add(e);
    if (target) for (const e of notifyEvent(target.id, 'transferredIn', { id: by.id, name: by.name }, { ...about, reason: why })) events.add(e);
    const applied = await this.repo.transfer(
      {
        postId: post.id,
        expect: { progressState: post.progress_state, assignedGovernment: post.assigned_government, assignedOfficer: post.assigned_officer },
        target: target?.id ?? null,
        // The clocks run from the report's creation: only which level counts (response or resolution) follows the state.
        slaNextAt: this.serviceLevels.nextAfterMove(post, to),
        history: {
          id: newId(nowMs),
          actor_id: me.id,
          actor_name: me.name,
          actor_role: me.role,
          action: 'transfer',
          from_state: post.progress_state,
          to_state: to,
          note: why,
          final_caption: null,
          created_at: isoAt(nowMs),
          department_id: by.departmentId,
          department_name: by.departmentId ? by.name : null,
          target_id: target?.id ?? null,
          target_name: target?.name ?? null,
        },
      },
      events,
    );
    if (!applied) throw new HttpError(409, PROGRESS_TEXTS.concurrentChange);
    return { message: target ? TEAM_TEXTS.transferred(target.name) : TEAM_TEXTS.sentToTriage };
  }

  /** The reporter's appeal against the fix. */
  async appeal(me: AccountRow, postId: string, reason: string): Promise<{ message: string }> {
    const post = await this.posts.require(postId);
    const facts = await this.repo.appealFacts(postId);
    authorize(me, 'appeal.create', { post, ...facts });
    const dept = post.assigned_government!;
    const handler = (await this.repo.memberCount(dept)) > 0 ? 'head' : 'admin';
    const nowMs = this.clock.now();
    const now = isoAt(nowMs);
    const why = reason.trim();
    const row: AppealRow = {
      post_id: postId,
      author_id: me.id,
      department_id: dept,
      handler,
      reason: why,
      status: 'open',
      response: null,
      due_at: isoAt(nowMs + TEAM_LIMITS.appealDays * DAY_MS),
      created_at: now,
      answered_at: null,
      answered_by: null,
      answered_by_name: null,
    };
    const events = new EventList();
    events.add({ type: 'postChanged', postId, reason: 'progress' });
    // The department account is its head: it hears of the appeal whoever answers it.
    for (const e of notifyEvent(dept, 'appealed', { id: me.id, name: me.name }, { post: { id: post.id, caption: post.caption }, reason: why })) events.add(e);
    const history = {
      id: newId(nowMs),
      actor_id: me.id,
      actor_name: me.name,
      actor_role: me.role,
      action: 'appeal' as const,
      from_state: post.progress_state,
      to_state: post.progress_state,
      note: why,
      final_caption: null,
      created_at: now,
      department_id: null,
      department_name: null,
      target_id: null,
      target_name: null,
    };
    if (!(await this.repo.appeal(row, history, events))) throw new HttpError(409, TEAM_TEXTS.appealExists);
    return { message: TEAM_TEXTS.appealed };
  }

  /** The head's (or an admin's) answer: upheld reopens a finished report at Work Started; the reporter is told. */
  async answer(me: AccountRow, postId: string, outcome: AppealOutcome, response: string): Promise<{ message: string }> {
    const post = await this.posts.require(postId);
    const appeal = (await this.repo.appealFacts(postId)).appeal;
    if (!appeal) throw notFound(TEAM_TEXTS.appealNotFound);
    authorize(me, 'appeal.answer', { appeal });
    const by = await this.publicActor(me);
    const nowMs = this.clock.now();
    const now = isoAt(nowMs);
    const answer = response.trim();
    const reopen = outcome === 'upheld' && (post.progress_state === 'Finished' || post.progress_state === 'Waiting for User Verification');
    const to = reopen ? ('Work Started' as const) : post.progress_state;
    const events = new EventList();
    events.add({ type: 'postChanged', postId, reason: 'progress' });
    for (const e of notifyEvent(post.author_id, 'appealAnswered', { id: by.id, name: by.name }, { post: { id: post.id, caption: post.caption }, toState: outcome, reason: answer })) events.add(e);
    const applied = await this.repo.answer(
      {
        postId,
        status: outcome,
        response: answer,
        at: now,
        by: { id: me.id, name: me.name },
        reopen: reopen ? { expectState: post.progress_state, department: post.assigned_government, slaNextAt: this.serviceLevels.nextAfterMove(post, to) } : undefined,
        history: {
          id: newId(nowMs),
          actor_id: me.id,
          actor_name: me.name,
          actor_role: me.role,
          action: 'appealAnswer',
          from_state: post.progress_state,
          to_state: to,
          note: answer,
          final_caption: null,
          created_at: now,
          department_id: by.departmentId,
          department_name: by.departmentId ? by.name : null,
          target_id: null,
          // An answer has no target: the column keeps its outcome (see presentHistory).
          target_name: outcome,
        },
      },
      events,
    );
    if (!applied) throw new HttpError(409, PROGRESS_TEXTS.concurrentChange);
    return { message: TEAM_TEXTS.appealAnswerSaved };
  }

  /** A report's appeal for those who may read it, and whether its reporter may appeal now. */
  async ofPost(me: AccountRow, postId: string): Promise<{ appeal: Appeal | null; canAppeal: boolean }> {
    const post = await this.posts.require(postId);
    authorize(me, 'appeal.read', { post });
    const facts = await this.repo.appealFacts(postId);
    const row = facts.appeal ? await this.repo.appealOf(postId) : undefined;
    const canAppeal = me.id === post.author_id && !facts.appeal && post.assigned_government !== null && (facts.rejections >= TEAM_LIMITS.appealAfterRejections || facts.notSatisfied);
    return { appeal: row ? this.present(row) : null, canAppeal };
  }

  async open(me: AccountRow, cursor: string | undefined): Promise<{ appeals: Appeal[]; nextCursor: string | null }> {
    const parts = decodeCursor(cursor);
    const valid = parts && parts.length === 2 && typeof parts[0] === 'string' && ISO.test(parts[0]) && typeof parts[1] === 'string' && isRowId(parts[1]);
    if (cursor && !valid) throw badRequest(TEXTS.http.invalidCursor);
    const after = parts ? { dueAt: String(parts[0]), postId: String(parts[1]) } : null;
    const scope = me.role === 'admin' ? { admin: true as const, now: isoAt(this.clock.now()) } : { department: departmentOf(me) };
    const rows = await this.repo.openAppeals(scope, after, TEAM_LIMITS.triagePageSize + 1);
    const more = rows.length > TEAM_LIMITS.triagePageSize;
    const page = more ? rows.slice(0, TEAM_LIMITS.triagePageSize) : rows;
    const last = page[page.length - 1];
    return { appeals: page.map((r) => this.present(r)), nextCursor: more && last ? encodeCursor([last.due_at, last.post_id]) : null };
  }

  private present(row: AppealRow & { caption: string; reference: string }): Appeal {
    return {
      postId: row.post_id,
      status: row.status,
      handler: row.handler,
      reason: row.reason,
      response: row.response,
      dueAt: row.due_at,
      createdAt: row.created_at,
      answeredAt: row.answered_at,
      overdue: row.status === 'open' && Date.parse(row.due_at) < this.clock.now(),
      caption: row.caption,
      reference: row.reference,
    };
  }
}
