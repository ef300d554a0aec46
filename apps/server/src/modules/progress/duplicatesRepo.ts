/**
 * Duplicate reports over the database: the mark and its reversal, each one transaction that holds both
 * reports' rows (locked in id order on PostgreSQL, so A→B racing B→A, or A→B racing A→C, queue up
 * instead of deadlocking), checks the state again under the locks (compare-and-set on
 * posts.duplicate_of), moves the votes and follows through their modules' services, records exactly
 * what moved (duplicate_moves) and writes both timeline entries. A lost race changes nothing and
 * answers why, for a clean 409.
 */
import type { Kysely, Transaction } from 'kysely';
import type { VoteType } from '@civicpulse/shared';
import type { HistoryRow } from '../../db/rows.js';
import type { DB, DuplicateMoveTable } from '../../db/types.js';
import type { Engine } from '../../db/index.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

/** Why a mark or un-mark did not apply (the service answers each in its words). */
export type DuplicateOutcome = 'ok' | 'gone' | 'alreadyDuplicate' | 'originalIsDuplicate' | 'hasDuplicates' | 'finished' | 'notDuplicate';

/** What moves with a mark, done by the votes and follows modules inside the mark's transaction. */
export interface MoveParts {
  copyVotes(trx: Transaction<DB>, from: string, to: string, at: string): Promise<Array<{ account_id: string; type: VoteType }>>;
  copyFollows(trx: Transaction<DB>, from: string, to: string, at: string): Promise<string[]>;
  removeVotes(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; type: VoteType; created_at: string }>): Promise<number>;
  removeFollows(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; created_at: string }>): Promise<number>;
}

export interface DuplicateChange {
  duplicateId: string;
  originalId: string;
  at: string;
  /** The duplicate's entry (duplicate / notDuplicate) and the original's (merged / unmerged). */
  duplicateHistory: Omit<HistoryRow, 'post_id'>;
  originalHistory: Omit<HistoryRow, 'post_id'>;
}

const MOVE_ROWS_PER_INSERT = 200;

export class DuplicatesRepo {
  private readonly db: Kysely<DB>;
  private readonly engine: Engine;
  constructor(
    private readonly work: UnitOfWork,
    private readonly parts: MoveParts,
  ) {
    this.db = work.db;
    this.engine = work.engine;
  }

  /** Whether any report is marked as a duplicate of this one (posts_duplicate_of). */
  async hasDuplicates(postId: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('duplicate_of', '=', postId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The id of the report with this reference number (posts_reference, unique). */
  async idByReference(reference: string): Promise<string | undefined> {
    return (await this.db.selectFrom('posts').select('id').where('reference', '=', reference).executeTakeFirst())?.id;
  }

  /** Both reports' rows, locked in id order on PostgreSQL; undefined when either is gone. */
  private async hold(trx: Transaction<DB>, ids: [string, string]) {
    const rows = new Map<string, { id: string; duplicate_of: string | null; progress_state: string }>();
    for (const id of [...ids].sort()) {
      let q = trx.selectFrom('posts').select(['id', 'duplicate_of', 'progress_state']).where('id', '=', id);
      if (this.engine === 'postgres') q = q.forUpdate();
      const row = await q.executeTakeFirst();
      if (!row) return undefined;
      rows.set(id, row);
    }
    return { duplicate: rows.get(ids[0])!, original: rows.get(ids[1])! };
  }

  mark(change: DuplicateChange, events: EventList): Promise<DuplicateOutcome> {
    return this.work.run(
      events,
      async (trx): Promise<DuplicateOutcome> => {
        const held = await this.hold(trx, [change.duplicateId, change.originalId]);
        if (!held) return 'gone';
        if (held.duplicate.duplicate_of !== null) return 'alreadyDuplicate';
        if (held.original.duplicate_of !== null) return 'originalIsDuplicate';
        if (held.duplicate.progress_state === 'Finished' || held.original.progress_state === 'Finished') return 'finished';
        // A report marked as a duplicate of this one meanwhile would hold this row's lock first.
        const chained = await trx.selectFrom('posts').select('id').where('duplicate_of', '=', change.duplicateId).limit(1).executeTakeFirst();
        if (chained) return 'hasDuplicates';
        const set = await trx
          .updateTable('posts')
          .set({ duplicate_of: change.originalId })
          .where('id', '=', change.duplicateId)
          .where('duplicate_of', 'is', null)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) !== 1) return 'alreadyDuplicate';
        const votes = await this.parts.copyVotes(trx, change.duplicateId, change.originalId, change.at);
        const follows = await this.parts.copyFollows(trx, change.duplicateId, change.originalId, change.at);
        const moves: DuplicateMoveTable[] = [
          ...votes.map((v) => ({ duplicate_id: change.duplicateId, original_id: change.originalId, account_id: v.account_id, kind: 'vote' as const, vote_type: v.type, created_at: change.at })),
          ...follows.map((a) => ({ duplicate_id: change.duplicateId, original_id: change.originalId, account_id: a, kind: 'follow' as const, vote_type: null, created_at: change.at })),
        ];
        // A mark undone after its original was deleted left nothing behind (the rows went with it); one undone normally neither.
        await trx.deleteFrom('duplicate_moves').where('duplicate_id', '=', change.duplicateId).execute();
        for (let i = 0; i < moves.length; i += MOVE_ROWS_PER_INSERT) await trx.insertInto('duplicate_moves').values(moves.slice(i, i + MOVE_ROWS_PER_INSERT)).execute();
        await addHistory(trx, change);
        return 'ok';
      },
      (r) => r === 'ok',
    );
  }

  unmark(change: DuplicateChange, events: EventList): Promise<DuplicateOutcome> {
    return this.work.run(
      events,
      async (trx): Promise<DuplicateOutcome> => {
        const held = await this.hold(trx, [change.duplicateId, change.originalId]);
        if (!held) return 'gone';
        const cleared = await trx
          .updateTable('posts')
          .set({ duplicate_of: null })
          .where('id', '=', change.duplicateId)
          .where('duplicate_of', '=', change.originalId)
          .executeTakeFirst();
        if (Number(cleared.numUpdatedRows) !== 1) return 'notDuplicate';
        const moved = await trx.selectFrom('duplicate_moves').selectAll().where('duplicate_id', '=', change.duplicateId).where('original_id', '=', change.originalId).execute();
        const votes = moved.flatMap((m) => (m.kind === 'vote' && m.vote_type ? [{ account_id: m.account_id, type: m.vote_type, created_at: m.created_at }] : []));
        const follows = moved.flatMap((m) => (m.kind === 'follow' ? [{ account_id: m.account_id, created_at: m.created_at }] : []));
        await this.parts.removeVotes(trx, change.originalId, votes);
        await this.parts.removeFollows(trx, change.originalId, follows);
        await trx.deleteFrom('duplicate_moves').where('duplicate_id', '=', change.duplicateId).execute();
        await addHistory(trx, change);
        return 'ok';
      },
      (r) => r === 'ok',
    );
  }
}

/** The two timeline entries of a mark or its reversal: one on the duplicate, one on the original. */
async function addHistory(trx: Transaction<DB>, change: DuplicateChange): Promise<void> {
  await trx
    .insertInto('progress_history')
    .values([
      { ...change.duplicateHistory, post_id: change.duplicateId },
      { ...change.originalHistory, post_id: change.originalId },
    ])
    .execute();
}
