/** Open311's queries: partner keys, and what a service request shows besides its report (latest move, photos). */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ProgressState } from '@civicpulse/shared';
import type { DB, Open311KeyTable } from '../../db/types.js';
import type { NewAccount } from '../../db/rows.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export type KeyRow = Selectable<Open311KeyTable>;

export interface LatestMove {
  post_id: string;
  note: string | null;
  final_caption: string | null;
  to_state: ProgressState;
  created_at: string;
}

export class Open311Repo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
  ) {}

  /** The partner's system account and its key, with the audit entry, in one transaction. */
  async insertKey(account: NewAccount, key: Insertable<Open311KeyTable>, events: EventList): Promise<void> {
    await this.work.run(events, async (trx) => {
      await trx.insertInto('accounts').values(account).execute();
      await trx.insertInto('open311_keys').values(key).execute();
    });
  }

  async listKeys(before: string | undefined, limit: number): Promise<KeyRow[]> {
    let q = this.db.selectFrom('open311_keys').selectAll();
    if (before) q = q.where('id', '<', before);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  async findKey(id: string): Promise<KeyRow | undefined> {
    return this.db.selectFrom('open311_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findActiveKeyByHash(hash: string): Promise<KeyRow | undefined> {
    return this.db.selectFrom('open311_keys').selectAll().where('key_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  /** Compare-and-set: false when the key was already revoked (or is gone). */
  async revokeKey(id: string, now: string, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const r = await trx.updateTable('open311_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) !== 0;
    });
  }

  async recordUse(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('open311_keys')
      .set({ last_used_at: now, request_count: sql<number>`request_count + 1` })
      .where('id', '=', id)
      .execute();
  }

  /** Each post's latest progress move (the (post_id, id) index finds it). */
  async latestMoves(postIds: string[]): Promise<LatestMove[]> {
    if (postIds.length === 0) return [];
    return this.db
      .selectFrom('progress_history as h')
      .select(['h.post_id', 'h.note', 'h.final_caption', 'h.to_state', 'h.created_at'])
      .where('h.post_id', 'in', postIds)
      .where('h.id', '=', sql<string>`(select max(h2.id) from progress_history h2 where h2.post_id = h.post_id)`)
      .execute();
  }

  /** The report photos of these posts, first ones first. */
  async photos(postIds: string[]): Promise<Array<{ post_id: string; key: string; position: number }>> {
    if (postIds.length === 0) return [];
    return this.db
      .selectFrom('post_images')
      .select(['post_id', 'key', 'position'])
      .where('post_id', 'in', postIds)
      .where('kind', '=', 'report')
      .orderBy('post_id')
      .orderBy('position')
      .execute();
  }
}
