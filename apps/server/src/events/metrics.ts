/**
 * Department figures (issue 16 item 7), kept as counters in department_metrics and moved inside the
 * transaction of the take-over, finish or rating that changes them (called by storeEvents), never by
 * a nightly job. The score is recomputed from the row the upsert just locked, so two departments'
 * writes never interleave on one row.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { cityKey, departmentScore, durationBucket } from '@civicpulse/shared';
import type { DB } from '../db/types.js';
import type { EventOf } from './index.js';

const SECONDS_MAX = 10 * 365 * 86_400;

export async function storeMetric(trx: Transaction<DB> | Kysely<DB>, e: EventOf<'departmentMetric'>): Promise<void> {
  const account = await trx.selectFrom('accounts').select(['city', 'role']).where('id', '=', e.departmentId).executeTakeFirst();
  // A deleted department, or a report taken by an account that is no department, keeps no figures.
  if (!account || account.role !== 'government') return;
  const seconds = (t: { seconds: number } | undefined) => (t ? Math.max(0, Math.min(SECONDS_MAX, Math.round(t.seconds))) : 0);
  const inc = {
    taken_count: e.taken ? 1 : 0,
    taken_within: e.taken?.within ? 1 : 0,
    response_seconds: seconds(e.taken),
    finished_count: e.finished ? 1 : 0,
    finished_within: e.finished?.within ? 1 : 0,
    resolution_seconds: seconds(e.finished),
    rating_count: e.rating ? 1 : 0,
    satisfied_count: e.rating === 'satisfied' ? 1 : 0,
    neutral_count: e.rating === 'neutral' ? 1 : 0,
    unsatisfied_count: e.rating === 'notSatisfied' ? 1 : 0,
  };
  const columns = Object.keys(inc) as Array<keyof typeof inc>;
  await trx
    .insertInto('department_metrics')
    .values({ department_id: e.departmentId, city_key: cityKey(account.city), ...inc, score: null, updated_at: e.at })
    .onConflict((oc) =>
      oc.column('department_id').doUpdateSet(() => ({
        ...Object.fromEntries(columns.map((c) => [c, sql`${sql.ref(`department_metrics.${c}`)} + ${inc[c]}`])),
        updated_at: e.at,
      })),
    )
    .execute();
  const row = await trx
    .selectFrom('department_metrics')
    .select(['finished_count', 'finished_within', 'rating_count', 'satisfied_count', 'neutral_count'])
    .where('department_id', '=', e.departmentId)
    .executeTakeFirstOrThrow();
  const score = departmentScore({
    finished: Number(row.finished_count),
    withinLevel: Number(row.finished_within),
    ratings: Number(row.rating_count),
    satisfied: Number(row.satisfied_count),
    neutral: Number(row.neutral_count),
  });
  await trx.updateTable('department_metrics').set({ score }).where('department_id', '=', e.departmentId).execute();
  if (e.memberId) await storeMemberMetric(trx, e, e.memberId, seconds(e.finished));
}

/** A member's figures (department teams), beside its department's: counters and the finish-time buckets a median is read from. */
async function storeMemberMetric(trx: Transaction<DB> | Kysely<DB>, e: EventOf<'departmentMetric'>, memberId: string, finishedSeconds: number): Promise<void> {
  const inc = { taken_count: e.taken ? 1 : 0, finished_count: e.finished ? 1 : 0, resolution_seconds: finishedSeconds, rejected_count: e.rejected ? 1 : 0 };
  const columns = Object.keys(inc) as Array<keyof typeof inc>;
  await trx
    .insertInto('member_metrics')
    .values({ department_id: e.departmentId, member_id: memberId, ...inc, updated_at: e.at })
    .onConflict((oc) =>
      oc.columns(['department_id', 'member_id']).doUpdateSet(() => ({
        ...Object.fromEntries(columns.map((c) => [c, sql`${sql.ref(`member_metrics.${c}`)} + ${inc[c]}`])),
        updated_at: e.at,
      })),
    )
    .execute();
  if (!e.finished) return;
  const bucket = durationBucket(finishedSeconds * 1000);
  await trx
    .insertInto('member_finish_buckets')
    .values({ department_id: e.departmentId, member_id: memberId, bucket, n: 1 })
    .onConflict((oc) => oc.columns(['department_id', 'member_id', 'bucket']).doUpdateSet({ n: sql`${sql.ref('member_finish_buckets.n')} + 1` }))
    .execute();
}
