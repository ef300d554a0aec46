/**
 * The progress workflow over the database. The rules are the pure `transition` in packages/shared;
 * this service loads the post, asks the rules, and writes the outcome as one compare-and-set, so
 * a concurrent move by someone else turns into a clean 409 instead of a lost update.
 */
import {
  POST_TEXTS,
  PROGRESS_TEXTS,
  TEXTS,
  durationBucket,
  type ProgressMove,
  type Rating,
} from '@civicpulse/shared';
import { badRequest, conflict } from '../../lib/errors.js';
import { planMove } from '../../policies/index.js';
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
  reason?: string;
  rating?: { rating: Rating; comment: string | null };
}

export class ProgressService {
  constructor(
    private readonly repo: ProgressRepo,
    private readonly posts: PostLookup,
    private readonly storage: Storage,
    private readonly serviceLevels: ServiceLevelsService,
    private readonly clock: Clock,
    private readonly router?: ReportRouter,
  ) {}

  /** The timelines of these posts, oldest move first. */
  history(postIds: string[]): Promise<HistoryRow[]> {
    return this.repo.history(postIds);
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

    const action: ProgressAction = entersWaiting ? 'final' : move === 'advance' ? 'advance' : move;
    const events = progressEvents(row, account, move, to, opts.reason);
    for (const e of metricEvents(row, account, to, nowMs, move === 'verify' ? opts.rating?.rating : undefined)) events.add(e);
    // Released (back to nobody, not finished): routed again to the departments whose jurisdiction takes it, which hear of it.
    const released = row.assigned_government !== null && assignedGovernment === null && to !== 'Finished';
    const routes = released && this.router ? await this.router.matches(row) : [];
    for (const dept of toNotify(routes)) {
      for (const e of notifyEvent(dept, 'newReport', { id: account.id, name: account.name }, { post: { id: row.id, caption: row.caption } })) events.add(e);
    }
    events.add({ type: 'postChanged', postId, reason: 'progress' });
    const applied = await this.repo.applyProgress({
      postId,
      expect: { progressState: row.progress_state, assignedGovernment: row.assigned_government },
      set: {
        progressState: to,
        currentState,
        assignedGovernment,
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
        note: move === 'reject' ? (opts.reason ?? '').trim() : entersWaiting && opts.final ? opts.final.caption.trim() : null,
        final_caption: move === 'reject' ? row.final_caption : null,
        created_at: now,
      },
      finalImages: imageRows(stored, 'final', now),
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
function progressEvents(row: PostRow, actor: AccountRow, move: ProgressMove, to: string, reason: string | undefined): EventList {
  const events = new EventList();
  const who = { id: actor.id, name: actor.name };
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
  // Issue 27 item 5: the report's followers hear of every move (after the commit, in batches).
  events.add({
    type: 'followFanout',
    postId: row.id,
    note: { actorId: actor.id, actorName: actor.name, caption: row.caption, toState: to, reason: move === 'reject' ? reason?.trim() || null : null },
    except: [row.author_id, actor.id],
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
    return [{ type: 'departmentMetric', departmentId: actor.id, at, taken: { seconds, within: within(row.response_due_at) } }];
  }
  if (to === 'Finished' && row.assigned_government) {
    return [
      {
        type: 'departmentMetric',
        departmentId: row.assigned_government,
        at,
        finished: { seconds, within: within(row.resolution_due_at) },
        ...(rating ? { rating } : {}),
      },
    ];
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
