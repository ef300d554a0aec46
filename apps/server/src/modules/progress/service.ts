/**
 * The progress workflow over the database. The rules are the pure `transition` in packages/shared;
 * this service loads the post, asks the rules, and writes the outcome as one compare-and-set, so
 * a concurrent move by someone else turns into a clean 409 instead of a lost update.
 */
import {
  ANONYMOUS_NAME,
  POST_TEXTS,
  PROGRESS_TEXTS,
  TEXTS,
  durationBucket,
  type ProgressMove,
  type Rating,
} from '@civicpulse/shared';
import { badRequest, conflict } from '../../lib/errors.js';
import { planMove } from '../../policies/index.js';
import { departmentOf } from '../../policies/rule.js';
import { newId } from '../../lib/ids.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import type { ServiceLevelsService } from '../servicelevels/index.js';
import { imageRows, processImage, removeImages, storeImages, type StoredImage } from '../../media/images.js';
import type { Storage } from '../../media/storage.js';
import type { AccountRow, HistoryRow, PostRow } from '../../db/rows.js';
import type { PostLookup } from '../posts/index.js';
import type { ProgressAction } from '../../db/types.js';
import { EventList, type DomainEvent } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import { toNotify, type ReportRouter } from '../jurisdictions/index.js';
import type { ProgressRepo } from './repo.js';

export type FinalUpdateInput =
  | { kind: 'upload'; caption: string; files: Buffer[] }
  /** Photos already stored for this post (a spec client re-sending proof by URL), as storage keys. */
  | { kind: 'links'; caption: string; keys: string[] };

export interface MoveOptions {
  final?: FinalUpdateInput;
  /** reject: the reporter's reason; regress: the department's reason (shown on the timeline). */
  reason?: string;
  /** A department's public note with an advance (shown on the timeline). */
  note?: string;
  rating?: { rating: Rating; comment: string | null };
  /** reject: the reporter's photos of what is still wrong (stored as kind 'reopen' on the timeline entry). */
  photos?: Buffer[];
}

export class ProgressService {
  constructor(
    private readonly repo: ProgressRepo,
    private readonly posts: PostLookup,
    private readonly storage: Storage,
    private readonly serviceLevels: ServiceLevelsService,
    private readonly clock: Clock,
    private readonly router?: ReportRouter,
    /** A department's account (department teams: a member's move is shown as its department's). */
    private readonly departmentRow: (id: string) => Promise<Pick<AccountRow, 'name' | 'resolved_issues_count'> | undefined> = async () => undefined,
  ) {}

  /** The department a government account works for, as /api/gov/me shows it. */
  async departmentOf(account: AccountRow): Promise<{ id: string; name: string; resolvedIssuesCount: number }> {
    const dept = departmentOf(account);
    const row = dept === account.id ? account : await this.departmentRow(dept);
    return { id: dept, name: row?.name ?? account.name, resolvedIssuesCount: row?.resolved_issues_count ?? 0 };
  }

  /** Who a move is by, as the reporter and the public see it: a government member's department, else the account. */
  private async publicActor(account: AccountRow): Promise<{ id: string; name: string; departmentId: string | null }> {
    if (account.role !== 'government') return { id: account.id, name: account.name, departmentId: null };
    const dept = departmentOf(account);
    const name = dept === account.id ? account.name : ((await this.departmentRow(dept))?.name ?? account.name);
    return { id: dept, name, departmentId: dept };
  }

  /** The timelines of these posts, oldest move first. */
  history(postIds: string[]): Promise<HistoryRow[]> {
    return this.repo.history(postIds);
  }

  /** The reporters' ratings of these posts' fixes (shown on the verify entry of the timeline). */
  ratings(postIds: string[]) {
    return this.repo.ratings(postIds);
  }

  /** Each post's latest rejection with the turned-down proof and the reporter's photos (cards show it). */
  latestRejections(postIds: string[]) {
    return this.repo.latestRejections(postIds);
  }

  /** An account's latest moves, newest first. */
  movesBy(actorId: string, limit: number) {
    return this.repo.movesBy(actorId, limit);
  }

  /** Keys must name proof photos this server stored for this very post, never someone else's or a stranger's URL. */
  private async storedProof(postId: string, keys: string[]): Promise<StoredImage[]> {
    const rows = await this.repo.proofImagesByKey(postId, keys);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw badRequest(POST_TEXTS.finalImageUrl);
      return { key: row.key, thumbKey: row.thumb_key, width: row.width, height: row.height };
    });
  }

  async move(
    postId: string,
    account: AccountRow,
    move: ProgressMove,
    opts: MoveOptions = {},
  ): Promise<{ message: string }> {
    const row = await this.posts.require(postId);
    const { to, currentState, assignedGovernment } = planMove(account, row, move, { hasFinalUpdate: opts.final !== undefined, rated: opts.rating !== undefined });
    const entersWaiting = to === 'Waiting for User Verification';
    const nowMs = this.clock.now();
    const now = isoAt(nowMs);
    const historyId = newId();

    // Final photos are re-encoded and stored before the state changes; removed again if it cannot.
    let stored: StoredImage[] = [];
    if (entersWaiting && opts.final) {
      if (opts.final.kind === 'upload') {
        const processed = [];
        for (const f of opts.final.files) processed.push(await processImage(f));
        stored = await storeImages(this.storage, postId, processed);
      } else {
        stored = await this.storedProof(postId, opts.final.keys);
      }
    }
    // "Not fixed yet" photos: checked and re-encoded first (a bad file refuses the request before anything is stored).
    let reopened: StoredImage[] = [];
    if (move === 'reject' && opts.photos?.length) {
      const processed = [];
      for (const f of opts.photos) processed.push(await processImage(f));
      reopened = await storeImages(this.storage, postId, processed);
    }

    const action: ProgressAction = entersWaiting ? 'final' : move === 'advance' ? 'advance' : move;
    const by = await this.publicActor(account);
    const events = progressEvents(row, account, by, move, to, opts.reason);
    for (const e of metricEvents(row, account, to, nowMs, move === 'verify' ? opts.rating?.rating : undefined)) events.add(e);
    // Department teams: a member taking a report over has it assigned to themself; a released report is nobody's.
    const assignedOfficer = assignedGovernment === null ? null : row.progress_state === 'Unseen' && account.department_id && account.team_role !== 'head' ? account.id : undefined;
    const publicNote = move === 'regress' ? opts.reason?.trim() || null : opts.note?.trim() || null;
    // Released (back to nobody, not finished): routed again to the departments whose jurisdiction takes it, which hear of it.
    const released = row.assigned_government !== null && assignedGovernment === null && to !== 'Finished';
    const routes = released && this.router ? await this.router.matches(row) : [];
    for (const dept of toNotify(routes)) {
      for (const e of notifyEvent(dept, 'newReport', { id: account.id, name: account.name }, { post: { id: row.id, caption: row.caption } })) events.add(e);
    }
    events.add({ type: 'postChanged', postId, reason: 'progress' });
    const applied = await this.repo.applyProgress({
      postId,
      expect: { progressState: row.progress_state, assignedGovernment: row.assigned_government, ...(account.role === 'government' ? { assignedOfficer: row.assigned_officer } : {}) },
      set: {
        progressState: to,
        currentState,
        assignedGovernment,
        ...(assignedOfficer !== undefined ? { assignedOfficer } : {}),
        ...(entersWaiting && opts.final ? { finalCaption: opts.final.caption.trim() } : {}),
        ...(move === 'reject' ? { finalCaption: null } : {}),
        // How long the report waited, for the admin's time-to-take-over and time-to-finish figures.
        ...(row.progress_state === 'Unseen' ? { takeBucket: durationBucket(Date.parse(now) - Date.parse(row.created_at)) } : {}),
        ...(assignedGovernment === null ? { takeBucket: null } : {}),
        ...(to === 'Finished' ? { finishBucket: durationBucket(Date.parse(now) - Date.parse(row.created_at)) } : {}),
        // The response level stops counting at take-over (and counts again after a release), both at Finished.
        slaNextAt: this.serviceLevels.nextAfterMove(row, to),
      },
      history: {
        id: historyId,
        actor_id: account.id,
        actor_name: account.name,
        actor_role: account.role,
        action,
        from_state: row.progress_state,
        to_state: to,
        note: move === 'reject' ? (opts.reason ?? '').trim() : entersWaiting && opts.final ? opts.final.caption.trim() : publicNote,
        final_caption: move === 'reject' ? row.final_caption : null,
        created_at: now,
        department_id: by.departmentId,
        department_name: by.departmentId ? by.name : null,
        target_id: null,
        target_name: null,
      },
      finalImages: [...imageRows(stored, 'final', now), ...imageRows(reopened, 'reopen', now, historyId)],
      archiveFinal: move === 'reject',
      creditGovernment: move === 'verify' ? row.assigned_government : null,
      rating:
        move === 'verify' && opts.rating
          ? { post_id: postId, author_id: account.id, department_id: row.assigned_government, rating: opts.rating.rating, comment: opts.rating.comment, created_at: now }
          : undefined,
      ...(released ? { routes: routes.map((m) => m.departmentId) } : {}),
    }, events);
    if (!applied) {
      // Only files this request wrote; linked proof belongs to rows that stay.
      if (opts.final?.kind === 'upload') await removeImages(this.storage, stored.map((s) => ({ key: s.key, thumb_key: s.thumbKey })));
      await removeImages(this.storage, reopened.map((s) => ({ key: s.key, thumb_key: s.thumbKey })));
      const takeOver = row.progress_state === 'Unseen' && move === 'advance';
      throw conflict(takeOver ? PROGRESS_TEXTS.alreadyTaken : PROGRESS_TEXTS.concurrentChange);
    }
    return { message: messageFor(move, to, entersWaiting) };
  }
}

/**
 * Who hears of a move (issue 13 item 6): the reporter when a department takes over, moves, releases
 * or asks them to verify; the department when the reporter confirms or rejects its fix.
 */
function progressEvents(row: PostRow, actor: AccountRow, by: { id: string; name: string }, move: ProgressMove, to: string, reason: string | undefined): EventList {
  const events = new EventList();
  const who = { id: by.id, name: by.name };
  const about = { post: { id: row.id, caption: row.caption }, toState: to };
  const notes =
    move === 'verify'
      ? notifyEvent(row.assigned_government, 'fixConfirmed', who, about)
      : move === 'reject'
        ? notifyEvent(row.assigned_government, 'fixRejected', who, { ...about, reason: reason?.trim() || null })
        : notifyEvent(
            row.author_id,
            to === 'Waiting for User Verification' ? 'verifyRequest' : row.progress_state === 'Unseen' ? 'takenOver' : to === 'Unseen' ? 'released' : 'progress',
            who,
            about,
          );
  for (const e of notes) events.add(e);
  // The member the report is assigned to hears of the reporter's answer too.
  if ((move === 'verify' || move === 'reject') && row.assigned_officer && row.assigned_officer !== row.assigned_government) {
    const kind = move === 'verify' ? 'fixConfirmed' : 'fixRejected';
    for (const e of notifyEvent(row.assigned_officer, kind, who, { ...about, ...(move === 'reject' ? { reason: reason?.trim() || null } : {}) })) events.add(e);
  }
  // Issue 27 item 5: the report's followers hear of every move (after the commit, in batches).
  events.add({
    type: 'followFanout',
    postId: row.id,
    // Followers are anyone: the reporter of an anonymous report (verifying, rejecting) is not named to them.
    note: {
      ...(row.anonymous === 1 && by.id === row.author_id ? { actorId: null, actorName: ANONYMOUS_NAME } : { actorId: by.id, actorName: by.name }),
      caption: row.caption,
      toState: to,
      reason: move === 'reject' || move === 'regress' ? reason?.trim() || null : null,
    },
    except: [row.author_id, actor.id, by.id],
  });
  return events;
}

/**
 * The department figures a move changes (issue 16 item 7): a take-over counts the response time for
 * the department taking it, Finished the resolution time (and the reporter's rating) for the one that
 * did the work, each against the report's service level.
 */
function metricEvents(row: PostRow, actor: AccountRow, to: string, nowMs: number, rating: Rating | undefined): DomainEvent[] {
  const seconds = (nowMs - Date.parse(row.created_at)) / 1000;
  const within = (dueAt: string | null) => dueAt === null || nowMs <= Date.parse(dueAt);
  const at = isoAt(nowMs);
  if (row.progress_state === 'Unseen' && to !== 'Unseen' && actor.role === 'government') {
    return [{ type: 'departmentMetric', departmentId: departmentOf(actor), at, taken: { seconds, within: within(row.response_due_at) }, memberId: actor.id }];
  }
  // A member's figures: the member the report is assigned to, else the department account itself.
  const member = row.assigned_officer ?? row.assigned_government ?? undefined;
  if (to === 'Finished' && row.assigned_government) {
    return [
      {
        type: 'departmentMetric',
        departmentId: row.assigned_government,
        at,
        finished: { seconds, within: within(row.resolution_due_at) },
        ...(rating ? { rating } : {}),
        ...(member ? { memberId: member } : {}),
      },
    ];
  }
  if (row.progress_state === 'Waiting for User Verification' && to === 'Work Started' && row.assigned_government && actor.role === 'user') {
    return [{ type: 'departmentMetric', departmentId: row.assigned_government, at, rejected: true, ...(member ? { memberId: member } : {}) }];
  }
  return [];
}

function messageFor(move: ProgressMove, to: string, entersWaiting: boolean): string {
  if (move === 'verify') return POST_TEXTS.verified;
  if (move === 'reject') return POST_TEXTS.rejected;
  if (entersWaiting) return POST_TEXTS.finalSubmitted;
  if (move === 'regress') return TEXTS.progressMoves.movedBack(to);
  return TEXTS.progressMoves.updated(to);
}
