import { METRICS_TEXTS, formatHours, formatShare, type DepartmentMetrics } from '@civicpulse/shared';
import { useDepartmentMetrics } from '../../api/serviceLevels';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card p-4">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function RecordFigures({ m }: { m: DepartmentMetrics & { rank?: number | null } }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="service-record">
      {m.rank != null && m.city && <Figure label={METRICS_TEXTS.rankIn(m.city)} value={`#${m.rank}`} testId="record-rank" />}
      <Figure label={METRICS_TEXTS.score} value={m.score === null ? METRICS_TEXTS.none : `${m.score.toFixed(1)} / 100`} testId="record-score" />
      <Figure label={METRICS_TEXTS.withinLevel} value={formatShare(m.withinLevelShare)} testId="record-within" />
      <Figure label={METRICS_TEXTS.satisfaction} value={formatShare(m.satisfaction)} testId="record-satisfaction" />
      <Figure label={METRICS_TEXTS.responseTime} value={formatHours(m.responseHoursAvg)} />
      <Figure label={METRICS_TEXTS.resolutionTime} value={formatHours(m.resolutionHoursAvg)} />
      <Figure label={METRICS_TEXTS.ratings} value={String(m.ratings)} testId="record-ratings" />
    </dl>
  );
}

/**
 * A department's service record on its public profile (issue 16 item 7): kept counters, moved by its
 * take-overs, finishes and the reporters' ratings as they happen.
 */
export function DepartmentRecord({ departmentId }: { departmentId: string }) {
  const query = useDepartmentMetrics(departmentId);
  if (!query.data) return null;
  return (
    <section aria-labelledby="service-record-title" className="space-y-3">
      <h2 id="service-record-title" className="text-lg font-semibold text-slate-900">
        {METRICS_TEXTS.heading}
      </h2>
      <RecordFigures m={query.data.metrics} />
    </section>
  );
}
