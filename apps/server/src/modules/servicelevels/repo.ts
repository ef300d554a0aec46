/**
 * Queries of service levels: the admins' overrides, the compare-and-set writes of the reports'
 * service-level columns (the reads of due and open reports are the posts module's PostReads), and
 * the department figures and per-city ranking (department_metrics_ranking).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Category, Priority, ProgressState } from '@civicpulse/shared';
import type { DB, DepartmentMetricsTable, ServiceLevelTable } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export interface SlaWrite {
  id: string;
  /** Compare-and-set: only while the report is still as read (a progress move in between wins). */
  expect: { progressState: ProgressState; slaStage: number; slaNextAt: string | null };
  set: { response_due_at?: string; resolution_due_at?: string; sla_stage: number; sla_next_at: string | null };
  events?: EventList;
}

export type MetricsRow = Selectable<DepartmentMetricsTable> & { name: string; city: string | null };

export class ServiceLevelsRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
  ) {}

  overrides(): Promise<Array<Selectable<ServiceLevelTable>>> {
    return this.db.selectFrom('service_levels').selectAll().execute();
  }

  override(category: Category, priority: Priority): Promise<Selectable<ServiceLevelTable> | undefined> {
    return this.db.selectFrom('service_levels').selectAll().where('category', '=', category).where('priority', '=', priority).executeTakeFirst();
  }

  async saveLevel(row: ServiceLevelTable, events: EventList): Promise<void> {
    await this.work.run(events, async (trx) => {
      await trx
        .insertInto('service_levels')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['category', 'priority']).doUpdateSet({
            response_hours: row.response_hours,
            resolution_hours: row.resolution_hours,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    });
  }

  /** Who oversees every report (a handful of accounts; capped all the same). */
  async adminIds(limit = 100): Promise<string[]> {
    const rows = await this.db.selectFrom('accounts').select('id').where('role', '=', 'admin').orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Writes a batch in one transaction: each report compare-and-set, and its notifications stored
   * with it (one event list per report, so the same admin hears of every report of the batch).
   * Returns the ids written.
   */
  async applySla(writes: SlaWrite[]): Promise<string[]> {
    if (writes.length === 0) return [];
    const written: EventList[] = [];
    return this.work.run(written, async (trx) => {
      written.length = 0;
      const done: string[] = [];
      for (const w of writes) {
        let q = trx
          .updateTable('posts')
          .set(w.set)
          .where('id', '=', w.id)
          .where('progress_state', '=', w.expect.progressState)
          .where('sla_stage', '=', w.expect.slaStage);
        q = w.expect.slaNextAt === null ? q.where('sla_next_at', 'is', null) : q.where('sla_next_at', '=', w.expect.slaNextAt);
        const r = await q.executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) continue;
        if (w.events) written.push(w.events);
        done.push(w.id);
      }
      return done;
    });
  }

  metricsOf(departmentId: string): Promise<MetricsRow | undefined> {
    return this.db
      .selectFrom('department_metrics')
      .innerJoin('accounts', 'accounts.id', 'department_metrics.department_id')
      .selectAll('department_metrics')
      .select(['accounts.name', 'accounts.city'])
      .where('department_metrics.department_id', '=', departmentId)
      .executeTakeFirst();
  }

  /** One page of a city's ranking, best first, by keyset on (score, department id). */
  ranking(cityKey: string, after: [number, string] | null, limit: number): Promise<MetricsRow[]> {
    let q = this.db
      .selectFrom('department_metrics')
      .innerJoin('accounts', 'accounts.id', 'department_metrics.department_id')
      .selectAll('department_metrics')
      .select(['accounts.name', 'accounts.city'])
      .where('department_metrics.city_key', '=', cityKey)
      .where('department_metrics.score', 'is not', null);
    if (after) {
      const [score, id] = after;
      q = q.where((eb) =>
        eb.or([eb('department_metrics.score', '<', score), eb.and([eb('department_metrics.score', '=', score), eb('department_metrics.department_id', '>', id)])]),
      );
    }
    return q.orderBy('department_metrics.score', 'desc').orderBy('department_metrics.department_id').limit(limit).execute();
  }

  /** Cities with ranked departments, for the city selector (the ranking index's leading column). */
  async cities(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('department_metrics')
      .select('city_key')
      .distinct()
      .where('score', 'is not', null)
      .where('city_key', '!=', '')
      .orderBy('city_key')
      .limit(limit)
      .execute();
    return rows.map((r) => r.city_key);
  }

  /** The position of a score in its city: departments ranked above it (an index range). */
  async rankOf(cityKey: string, score: number, departmentId: string): Promise<number> {
    const r = await this.db
      .selectFrom('department_metrics')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('city_key', '=', cityKey)
      .where('score', 'is not', null)
      .where((eb) => eb.or([eb('score', '>', score), eb.and([eb('score', '=', score), eb('department_id', '<', departmentId)])]))
      .executeTakeFirstOrThrow();
    return Number(r.n) + 1;
  }
}
