import type { Kysely } from 'kysely';
import type { CurrentState, ProgressState } from '@civicpulse/shared';
import { inChunks } from '../../db/chunks.js';
import type { Engine } from '../../db/index.js';
import { addRoutes } from '../../db/postRoutes.js';
import type { HistoryRow, ImageRow } from '../../db/rows.js';
import type { DB, PostImageTable, PostRatingTable } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import { accountsReferredTo, holdAccounts } from '../../events/store.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export interface ProgressChange {
  postId: string;
  /** Compare-and-set: the change applies only if the post is still in this state and assignment. */
  expect: { progressState: ProgressState; assignedGovernment: string | null; assignedOfficer?: string | null };
  set: {
    progressState: ProgressState;
    currentState: CurrentState;
    assignedGovernment: string | null;
    /** The department member it is assigned to (department teams); undefined: unchanged. */
    assignedOfficer?: string | null;
    finalCaption?: string | null;
    /** Set on take-over, cleared on release; set once on Finished (shared durationBucket). */
    takeBucket?: number | null;
    finishBucket?: number;
    /** When the service-level sweeper must look next (issue 16); undefined: unchanged. */
    slaNextAt?: string | null;
  };
  history: Omit<HistoryRow, 'post_id'>;
  /** Images to attach: kind final when entering Waiting for User Verification, kind reopen with a rejection. */
  finalImages?: Array<Omit<PostImageTable, 'post_id'>>;
  /** On rejection: move the current final images onto the history entry. */
  archiveFinal?: boolean;
  /** On verification: count one resolved issue for this government. */
  creditGovernment?: string | null;
  /** On verification: the reporter's rating of the fix (one per report: post_ratings' key). */
  rating?: PostRatingTable | undefined;
  /** On release: the departments the report is routed to again (issue 16). */
  routes?: string[];
}

/** The workflow's tables: progress_history, the posts' workflow columns, proof photos and ratings. */
export class ProgressRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /** An account's latest workflow moves (progress_history_actor index); the captions are the posts module's to read. */
  movesBy(actorId: string, limit: number) {
    return this.db
      .selectFrom('progress_history')
      .select(['id', 'post_id', 'action', 'from_state', 'to_state', 'created_at'])
      .where('actor_id', '=', actorId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  history(postIds: string[]): Promise<HistoryRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('progress_history').selectAll().where('post_id', 'in', ids).orderBy('id').execute(),
    );
  }

  /**
   * Applies one progress move as compare-and-set inside a transaction: if another request moved
   * or took the post first, nothing is written and the caller answers 409. This is what makes two
   * simultaneous take-overs end with exactly one winner, and a double verification count once.
   */
  async applyProgress(change: ProgressChange, events?: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const present = await holdAccounts(trx, this.engine, [change.set.assignedGovernment, change.creditGovernment, ...(change.routes ?? []), ...accountsReferredTo(events)]);
      const now = change.history.created_at;
      let update = trx
        .updateTable('posts')
        .set({
          progress_state: change.set.progressState,
          finished: change.set.progressState === 'Finished' ? 1 : 0,
          current_state: change.set.currentState,
          assigned_government: change.set.assignedGovernment,
          ...(change.set.assignedOfficer !== undefined ? { assigned_officer: change.set.assignedOfficer } : {}),
          ...(change.set.finalCaption !== undefined ? { final_caption: change.set.finalCaption } : {}),
          ...(change.set.progressState === 'Finished' ? { resolved_at: now } : {}),
          ...(change.set.takeBucket !== undefined ? { take_bucket: change.set.takeBucket } : {}),
          ...(change.set.finishBucket !== undefined ? { finish_bucket: change.set.finishBucket } : {}),
          ...(change.set.slaNextAt !== undefined ? { sla_next_at: change.set.slaNextAt } : {}),
        })
        .where('id', '=', change.postId)
        .where('progress_state', '=', change.expect.progressState);
      update =
        change.expect.assignedGovernment === null
          ? update.where('assigned_government', 'is', null)
          : update.where('assigned_government', '=', change.expect.assignedGovernment);
      // A reassignment between the read and this write is a concurrent change too (the officer rule was asked of the old one).
      if (change.expect.assignedOfficer !== undefined) {
        update = change.expect.assignedOfficer === null ? update.where('assigned_officer', 'is', null) : update.where('assigned_officer', '=', change.expect.assignedOfficer);
      }
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // Taken over: off every department's View Issues. Released: back on the matching ones'.
      if (change.expect.assignedGovernment === null && change.set.assignedGovernment !== null) {
        await trx.deleteFrom('post_routes').where('post_id', '=', change.postId).execute();
      } else if (change.set.assignedGovernment === null && change.set.progressState !== 'Finished' && change.routes) {
        await addRoutes(trx, this.engine, change.postId, change.routes.filter((d) => present.has(d)));
      }
      await trx.insertInto('progress_history').values({ ...change.history, post_id: change.postId }).execute();
      if (change.archiveFinal) {
        await trx
          .updateTable('post_images')
          .set({ kind: 'rejected', history_id: change.history.id })
          .where('post_id', '=', change.postId)
          .where('kind', '=', 'final')
          .execute();
      }
      if (change.finalImages?.length) {
        await trx.insertInto('post_images').values(change.finalImages.map((i) => ({ ...i, post_id: change.postId }))).execute();
      }
      if (change.creditGovernment) {
        await trx
          .updateTable('accounts')
          .set((eb) => ({ resolved_issues_count: eb('resolved_issues_count', '+', 1) }))
          .where('id', '=', change.creditGovernment)
          .execute();
      }
      if (change.rating) await trx.insertInto('post_ratings').values(change.rating).execute();
      return true;
    });
  }

  /** The reporters' ratings of these posts' fixes (post_ratings' key is the post). */
  ratings(postIds: string[]) {
    return inChunks(postIds, (ids) => this.db.selectFrom('post_ratings').select(['post_id', 'rating', 'comment']).where('post_id', 'in', ids).execute());
  }

  /**
   * The latest "Not fixed yet" of each of these posts with the proof it turned down and the reporter's photos
   * (progress_history_post and post_images_post ranges; a report has few rejections, each needing a new proof).
   */
  async latestRejections(postIds: string[]): Promise<{ history: HistoryRow[]; images: ImageRow[] }> {
    const rows = await inChunks(postIds, (ids) =>
      this.db.selectFrom('progress_history').selectAll().where('post_id', 'in', ids).where('action', '=', 'reject').orderBy('post_id').orderBy('id').execute(),
    );
    const latest = new Map<string, HistoryRow>();
    for (const r of rows) latest.set(r.post_id, r);
    const history = [...latest.values()];
    if (history.length === 0) return { history, images: [] };
    const images = await inChunks(
      history.map((h) => h.post_id),
      (ids) =>
        this.db
          .selectFrom('post_images')
          .selectAll()
          .where('post_id', 'in', ids)
          .where('kind', 'in', ['rejected', 'reopen'])
          .where('history_id', 'in', history.filter((h) => ids.includes(h.post_id)).map((h) => h.id))
          .orderBy('post_id')
          .orderBy('kind')
          .orderBy('position')
          .execute(),
    );
    return { history, images };
  }

  /** This post's stored proof photos (current or rejected final updates) among the given keys. */
  proofImagesByKey(postId: string, keys: string[]): Promise<ImageRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('post_images')
      .selectAll()
      .where('post_id', '=', postId)
      .where('kind', 'in', ['final', 'rejected'])
      .where('key', 'in', keys)
      .execute();
  }
}
