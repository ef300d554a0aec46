import type { Kysely, Transaction } from 'kysely';
import type { Jurisdiction } from '@civicpulse/shared';
import { addRoutePairs } from '../../db/postRoutes.js';
import type { DB, JurisdictionTable } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

type Db = Kysely<DB> | Transaction<DB>;

/** SQLite and PostgreSQL both cap bound parameters: big lists go in slices. */
const CHUNK = 500;

export type CandidateRow = JurisdictionTable & { is_verified: number };

/** A department's stored jurisdiction as the shared shape. */
export function jurisdictionOf(row: JurisdictionTable): Jurisdiction {
  const list = (text: string): string[] => {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  };
  return {
    state: row.state,
    cities: list(row.cities),
    pincodes: list(row.pincodes),
    categories: list(row.categories) as Jurisdiction['categories'],
    area: row.area ? (JSON.parse(row.area) as Jurisdiction['area']) : null,
  };
}

/** Jurisdictions, their index keys and the routing table (post_routes), migration 010. */
export class JurisdictionsRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
  ) {}

  find(departmentId: string): Promise<JurisdictionTable | undefined> {
    return this.db.selectFrom('jurisdictions').selectAll().where('department_id', '=', departmentId).executeTakeFirst();
  }

  /** Replaces the department's jurisdiction and its index keys in one transaction. */
  async save(departmentId: string, j: Jurisdiction, keys: string[], now: string, events?: EventList): Promise<void> {
    const row: JurisdictionTable = {
      department_id: departmentId,
      state: j.state,
      cities: JSON.stringify(j.cities),
      pincodes: JSON.stringify(j.pincodes),
      categories: JSON.stringify(j.categories),
      area: j.area ? JSON.stringify(j.area) : null,
      updated_at: now,
    };
    await this.work.run(events, async (trx) => {
      await trx
        .insertInto('jurisdictions')
        .values(row)
        .onConflict((oc) => oc.column('department_id').doUpdateSet({ ...row }))
        .execute();
      await trx.deleteFrom('jurisdiction_keys').where('department_id', '=', departmentId).execute();
      for (let i = 0; i < keys.length; i += CHUNK) {
        await trx
          .insertInto('jurisdiction_keys')
          .values(keys.slice(i, i + CHUNK).map((key) => ({ key, department_id: departmentId })))
          .execute();
      }
    });
  }

  /** The departments sharing at least one index key with a report (jurisdiction_keys primary key ranges). */
  candidates(keys: string[], db: Db = this.db): Promise<CandidateRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('jurisdictions')
      .innerJoin('accounts', 'accounts.id', 'jurisdictions.department_id')
      .selectAll('jurisdictions')
      .select('accounts.is_verified')
      .where('jurisdictions.department_id', 'in', (eb) => eb.selectFrom('jurisdiction_keys').select('department_id').where('key', 'in', keys))
      .orderBy('jurisdictions.department_id')
      .execute();
  }

  /** Removes up to `limit` of the department's routes; how many went. */
  async clearRoutes(departmentId: string, limit: number): Promise<number> {
    const r = await this.db
      .deleteFrom('post_routes')
      .where('department_id', '=', departmentId)
      .where('post_id', 'in', (eb) => eb.selectFrom('post_routes').select('post_id').where('department_id', '=', departmentId).limit(limit))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * Writes routes in one transaction, with their posts' sort and filter keys read in it (migration
   * 013; addRoutePairs, beside the single report's addRoutes in db/postRoutes.ts).
   */
  async addRoutes(pairs: Array<{ department_id: string; post_id: string }>): Promise<void> {
    if (pairs.length === 0) return;
    await this.db.transaction().execute((trx) => addRoutePairs(trx, pairs));
  }

  /** Whether the account exists and is a department. */
  async isDepartment(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('accounts').select(['role', 'department_id']).where('id', '=', id).executeTakeFirst();
    return row?.role === 'government' && row.department_id === null;
  }
}
