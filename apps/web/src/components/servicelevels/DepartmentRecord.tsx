import { ADMIN_UI, METRICS_TEXTS, formatShare, type DepartmentMetrics } from '@civicpulse/shared';
import { useDepartmentMetrics } from '../../api/serviceLevels';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';

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
  const texts = useLocalized(METRICS_TEXTS);
  const { hours } = useLocalized(ADMIN_UI);
  const { number } = useFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="service-record">
      {m.rank != null && m.city && <Figure label={texts.rankIn(m.city)} value={`#${number(m.rank)}`} testId="record-rank" />}
      <Figure label={texts.score} value={m.score === null ? texts.none : `${number(m.score, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 100`} testId="record-score" />
      <Figure label={texts.withinLevel} value={formatShare(m.withinLevelShare)} testId="record-within" />
      <Figure label={texts.satisfaction} value={formatShare(m.satisfaction)} testId="record-satisfaction" />
      <Figure label={texts.responseTime} value={hours(m.responseHoursAvg)} />
      <Figure label={texts.resolutionTime} value={hours(m.resolutionHoursAvg)} />
      <Figure label={texts.ratings} value={number(m.ratings)} testId="record-ratings" />
    </dl>
  );
}

/**
 * A department's service record on its public profile (issue 16 item 7): kept counters, moved by its
 * take-overs, finishes and the reporters' ratings as they happen.
 */
export function DepartmentRecord({ departmentId }: { departmentId: string }) {
  const query = useDepartmentMetrics(departmentId);
  const texts = useLocalized(METRICS_TEXTS);
  if (!query.data) return null;
  return (
    <section aria-labelledby="service-record-title" className="space-y-3">
      <h2 id="service-record-title" className="text-lg font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <RecordFigures m={query.data.metrics} />
    </section>
  );
}
