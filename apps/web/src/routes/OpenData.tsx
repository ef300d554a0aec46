import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { CATEGORY_LIST, INDIAN_STATES, NAMES, OPEN_DATA_COLUMNS, OPEN_DATA_LICENCE, OPEN_DATA_TEXTS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized, useTranslation } from '../i18n';

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
  const { t } = useTranslation('pages');
  const texts = useLocalized(OPEN_DATA_TEXTS);
  const names = useLocalized(NAMES);
  usePageTitle(texts.title);
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ state: '', city: '', category: '', from: '', to: '' });
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));
  return (
    <div>
      <PageHeader eyebrow={t('openData.eyebrow')} title={texts.title}>
        {t('openData.intro')}
      </PageHeader>
      <div className="page space-y-8">
        <section aria-labelledby={`${id}-download`} className="card">
          <h2 id={`${id}-download`} className="text-xl font-semibold text-slate-900">
            {t('openData.downloadHeading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('openData.downloadHint')}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <div>
              <label htmlFor={`${id}-state`} className="field-label">
                {t('openData.state')}
              </label>
              <select id={`${id}-state`} className="field-input" value={filters.state} onChange={set('state')}>
                <option value="">{t('openData.allStates')}</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {names.states[s]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-city`} className="field-label">
                {t('openData.city')}
              </label>
              <input id={`${id}-city`} className="field-input" value={filters.city} maxLength={100} onChange={set('city')} />
            </div>
            <div>
              <label htmlFor={`${id}-category`} className="field-label">
                {t('openData.category')}
              </label>
              <select id={`${id}-category`} className="field-input" value={filters.category} onChange={set('category')}>
                <option value="">{t('openData.allCategories')}</option>
                {CATEGORY_LIST.map((c) => (
                  <option key={c.code} value={c.code}>
                    {names.categories[c.code].name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-from`} className="field-label">
                {t('openData.from')}
              </label>
              <input id={`${id}-from`} type="date" className="field-input" value={filters.from} onChange={set('from')} />
            </div>
            <div>
              <label htmlFor={`${id}-to`} className="field-label">
                {t('openData.to')}
              </label>
              <input id={`${id}-to`} type="date" className="field-input" value={filters.to} onChange={set('to')} />
            </div>
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <a className="btn-primary" href={downloadUrl('csv', filters)} download>
              {t('openData.downloadCsv')}
            </a>
            <a className="btn-secondary" href={downloadUrl('geojson', filters)} download>
              {t('openData.downloadGeoJson')}
            </a>
          </div>
        </section>

        <section aria-labelledby={`${id}-fields`} className="card">
          <h2 id={`${id}-fields`} className="text-xl font-semibold text-slate-900">
            {t('openData.fieldsHeading')}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">{t('openData.fieldsBody')}</p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('openData.columnsCaption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-900">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('openData.column')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('openData.meaning')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {OPEN_DATA_COLUMNS.map(([name]) => (
                  <tr key={name} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-4 font-mono font-normal text-slate-900">
                      {name}
                    </th>
                    <td className="py-2 text-slate-700">{t(`openData.columns.${name}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby={`${id}-licence`} className="card">
          <h2 id={`${id}-licence`} className="text-xl font-semibold text-slate-900">
            {t('openData.licenceHeading')}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">
            <Trans
              t={t}
              i18nKey="openData.licenceBody"
              values={{ licence: OPEN_DATA_LICENCE }}
              components={{ code: <code className="rounded bg-slate-100 px-1" /> }}
            />
          </p>
        </section>
      </div>
    </div>
  );
}
