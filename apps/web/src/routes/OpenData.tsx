import { useId, useState } from 'react';
import { CATEGORY_LIST, INDIAN_STATES, OPEN_DATA_COLUMNS, OPEN_DATA_LICENCE, OPEN_DATA_TEXTS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';

interface Filters {
  state: string;
  city: string;
  category: string;
  from: string;
  to: string;
}

/** The download URL for a format with the chosen filters (blank ones left out). */
function downloadUrl(format: 'csv' | 'geojson', f: Filters): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim()) p.set(k, v.trim());
  const q = p.toString();
  return `/api/open-data/reports.${format}${q ? `?${q}` : ''}`;
}

/** Open data (issue 16): what the export holds, its licence, filters and the two download links. */
export default function OpenData() {
  usePageTitle(OPEN_DATA_TEXTS.title);
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ state: '', city: '', category: '', from: '', to: '' });
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));
  return (
    <div>
      <PageHeader eyebrow="Services" title={OPEN_DATA_TEXTS.title}>
        Every report on CivicPulse, anonymised, for researchers, journalists and city teams.
      </PageHeader>
      <div className="page space-y-8">
        <section aria-labelledby={`${id}-download`} className="card">
          <h2 id={`${id}-download`} className="text-xl font-semibold text-slate-900">
            Download
          </h2>
          <p className="mt-1 text-sm text-slate-700">Choose filters (all optional), then download CSV or GeoJSON.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <div>
              <label htmlFor={`${id}-state`} className="field-label">
                State
              </label>
              <select id={`${id}-state`} className="field-input" value={filters.state} onChange={set('state')}>
                <option value="">All states</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-city`} className="field-label">
                City
              </label>
              <input id={`${id}-city`} className="field-input" value={filters.city} maxLength={100} onChange={set('city')} />
            </div>
            <div>
              <label htmlFor={`${id}-category`} className="field-label">
                Category
              </label>
              <select id={`${id}-category`} className="field-input" value={filters.category} onChange={set('category')}>
                <option value="">All categories</option>
                {CATEGORY_LIST.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-from`} className="field-label">
                Reported from
              </label>
              <input id={`${id}-from`} type="date" className="field-input" value={filters.from} onChange={set('from')} />
            </div>
            <div>
              <label htmlFor={`${id}-to`} className="field-label">
                Reported to
              </label>
              <input id={`${id}-to`} type="date" className="field-input" value={filters.to} onChange={set('to')} />
            </div>
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <a className="btn-primary" href={downloadUrl('csv', filters)} download>
              Download CSV
            </a>
            <a className="btn-secondary" href={downloadUrl('geojson', filters)} download>
              Download GeoJSON
            </a>
          </div>
        </section>

        <section aria-labelledby={`${id}-fields`} className="card">
          <h2 id={`${id}-fields`} className="text-xl font-semibold text-slate-900">
            What the files hold
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">
            One row (or GeoJSON feature) per report, newest first. No reporter names, emails or account ids, no
            addresses or landmarks, no comment text. While a report is open its location is rounded to about 100 m;
            once the fix is confirmed it is exact.
          </p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Columns of the export</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-900">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Column
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Meaning
                  </th>
                </tr>
              </thead>
              <tbody>
                {OPEN_DATA_COLUMNS.map(([name, meaning]) => (
                  <tr key={name} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-4 font-mono font-normal text-slate-900">
                      {name}
                    </th>
                    <td className="py-2 text-slate-700">{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby={`${id}-licence`} className="card">
          <h2 id={`${id}-licence`} className="text-xl font-semibold text-slate-900">
            Licence and use
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">
            Released under the {OPEN_DATA_LICENCE}: share and adapt it, credit “CivicPulse contributors”, and keep
            derived databases open. Files are cached for up to 5 minutes. City systems can also read and file reports
            through Open311 GeoReport v2 at <code className="rounded bg-slate-100 px-1">/open311/v2/discovery.json</code>.
          </p>
        </section>
      </div>
    </div>
  );
}
