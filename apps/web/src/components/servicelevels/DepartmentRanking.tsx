import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_UI, METRICS_TEXTS, formatShare } from '@civicpulse/shared';
import { useRanking } from '../../api/serviceLevels';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';

const titleCase = (city: string) => city.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/**
 * Departments of one city ranked by score (issue 16 item 7; docs/api.md "Service levels" documents the
 * score), paged by cursor, with a selector of the cities that have ranked departments.
 */
export function DepartmentRanking() {
  const selectId = useId();
  const texts = useLocalized(METRICS_TEXTS);
  const { hours } = useLocalized(ADMIN_UI);
  const { number } = useFormat();
  const [city, setCity] = useState('');
  const query = useRanking(city);
  const first = query.data?.pages[0];
  const cities = first?.cities ?? [];
  const shown = first?.city ?? city;
  const rows = query.data?.pages.flatMap((p) => p.departments) ?? [];
  return (
    <section aria-labelledby="ranking-title" className="card min-w-0 p-4 sm:p-5" data-testid="department-ranking">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="ranking-title" className="text-lg font-semibold text-slate-900">
          {texts.rankingHeading}
        </h2>
        <div>
          <label htmlFor={selectId} className="field-label">
            {texts.rankingCity}
          </label>
          <select id={selectId} className="field-input" value={shown} onChange={(e) => setCity(e.target.value)}>
            {cities.length === 0 && <option value="">{texts.none}</option>}
            {cities.map((c) => (
              <option key={c} value={c}>
                {titleCase(c)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{query.isPending ? '…' : texts.rankingEmpty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">{texts.rank}</th>
                <th scope="col" className="py-2 pr-3">{texts.department}</th>
                <th scope="col" className="py-2 pr-3">{texts.score}</th>
                <th scope="col" className="py-2 pr-3">{texts.withinLevel}</th>
                <th scope="col" className="py-2 pr-3">{texts.satisfaction}</th>
                <th scope="col" className="py-2 pr-3">{texts.resolutionTime}</th>
                <th scope="col" className="py-2 pr-3">{texts.responseTime}</th>
                <th scope="col" className="py-2">{texts.ratings}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((d) => (
                <tr key={d.departmentId} data-testid="ranking-row">
                  <td className="py-2 pr-3 font-semibold">{number(d.rank)}</td>
                  <td className="py-2 pr-3">
                    <Link to={`/user/profile/government/${d.departmentId}`} className="font-medium text-brand-700 hover:underline">
                      {d.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 font-semibold">{d.score === null ? texts.none : number(d.score, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</td>
                  <td className="py-2 pr-3">{formatShare(d.withinLevelShare)}</td>
                  <td className="py-2 pr-3">{formatShare(d.satisfaction)}</td>
                  <td className="py-2 pr-3">{hours(d.resolutionHoursAvg)}</td>
                  <td className="py-2 pr-3">{hours(d.responseHoursAvg)}</td>
                  <td className="py-2">{number(d.ratings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <button type="button" className="btn-secondary mt-3" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {texts.loadMore}
        </button>
      )}
    </section>
  );
}
