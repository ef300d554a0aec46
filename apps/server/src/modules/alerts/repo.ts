/**
 * Area alerts' queries (issue 27 item 6): one's own alerts (area_alerts_account), an alert with its
 * cells written together, and the matcher's reads: the oldest scans, a report's facts, and one cell's
 * candidates in account order after a cursor (area_alert_cells' primary key). Every read is bounded.
 */
import type { Kysely } from 'kysely';
import type { Category } from '@civicpulse/shared';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import type { AlertScanTable, AreaAlertTable, DB } from '../../db/types.js';

export interface ScannedPost {
  id: string;
  author_id: string;
  author_name: string;
  /** 1: the reporter hid their name (anonymous reports): alerts do not name them. */
  anonymous: number;
  caption: string;
  category: Category;
  lat: number;
  lng: number;
}

export type Candidate = Pick<AreaAlertTable, 'id' | 'account_id' | 'lat' | 'lng' | 'radius_m' | 'category' | 'label'>;

export class AlertsRepo {
  private readonly db: Kysely<DB>;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
  }

  own(accountId: string, limit: number): Promise<AreaAlertTable[]> {
    return this.db.selectFrom('area_alerts').selectAll().where('account_id', '=', accountId).orderBy('id').limit(limit).execute();
  }

  findById(id: string): Promise<AreaAlertTable | undefined> {
    return this.db.selectFrom('area_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Stores an alert and its cells, unless the account already keeps `max`: counted inside the
   * transaction, so parallel requests cannot pass the limit together (PostgreSQL: the account's row is
   * locked first; SQLite runs one write at a time). Answers false when the limit is reached.
   */
  async insert(alert: AreaAlertTable, cells: string[], max: number): Promise<boolean | 'gone'> {
    return this.work.run(undefined, async (trx) => {
      let lock = trx.selectFrom('accounts').select('id').where('id', '=', alert.account_id);
      if (this.work.engine === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) return 'gone' as const;
      const { n } = await trx.selectFrom('area_alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', alert.account_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('area_alerts').values(alert).execute();
      await trx.insertInto('area_alert_cells').values(cells.map((cell) => ({ cell, account_id: alert.account_id, alert_id: alert.id }))).execute();
      return true;
    }, () => true);
  }

  async remove(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('area_alerts').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** The oldest scans still to do. */
  scans(limit: number): Promise<AlertScanTable[]> {
    return this.db.selectFrom('alert_scans').selectAll().orderBy('created_at').orderBy('post_id').limit(limit).execute();
  }

  /** A scanned report's facts, with its author's name (the notification's actor). */
  post(id: string): Promise<ScannedPost | undefined> {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('accounts as a', 'a.id', 'p.author_id')
      .select(['p.id', 'p.author_id', 'a.name as author_name', 'p.anonymous', 'p.caption', 'p.category', 'p.lat', 'p.lng'])
      .where('p.id', '=', id)
      .executeTakeFirst() as Promise<ScannedPost | undefined>;
  }

  /** Up to `limit` alerts stored under `cell`, in account order, of accounts after `afterAccount`. */
  candidates(cell: string, afterAccount: string | null, limit: number): Promise<Candidate[]> {
    let q = this.db
      .selectFrom('area_alert_cells as c')
      .innerJoin('area_alerts as a', 'a.id', 'c.alert_id')
      .select(['a.id', 'a.account_id', 'a.lat', 'a.lng', 'a.radius_m', 'a.category', 'a.label'])
      .where('c.cell', '=', cell);
    if (afterAccount !== null) q = q.where('c.account_id', '>', afterAccount);
    return q.orderBy('c.account_id').orderBy('c.alert_id').limit(limit).execute();
  }

  /**
   * One batch of a scan: its notifications (in `events`) stored with the cursor's move, or with the
   * scan's end. A compare-and-set on the cursor, so a batch is never stored twice.
   */
  async advance(postId: string, from: string | null, to: string | null, done: boolean, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      if (done) {
        const del = trx.deleteFrom('alert_scans').where('post_id', '=', postId);
        const r = await (from === null ? del.where('after_account', 'is', null) : del.where('after_account', '=', from)).executeTakeFirst();
        return Number(r.numDeletedRows) === 1;
      }
      const upd = trx.updateTable('alert_scans').set({ after_account: to }).where('post_id', '=', postId);
      const r = await (from === null ? upd.where('after_account', 'is', null) : upd.where('after_account', '=', from)).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  /** A scan whose report is gone (the foreign key removes it too) or unreadable: dropped. */
  async drop(postId: string): Promise<void> {
    await this.db.deleteFrom('alert_scans').where('post_id', '=', postId).execute();
  }
}
