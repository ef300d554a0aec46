import { useId } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH, JURISDICTION_TEXTS, type AreaFilter, type Jurisdiction } from '@civicpulse/shared';
import { useJurisdiction } from '../../api/jurisdiction';
import { useLocalized } from '../../i18n';

/** How many cities and pincodes the banner names before "+N more". */
const NAMED = 6;

/** The declared place as a reader knows it: its cities, pincodes and drawn area, then the state. */
function placeOf(j: Jurisdiction, texts: { placeMore: (n: number) => string; drawnArea: string }): string {
  const parts = [...j.cities, ...j.pincodes];
  const named = parts.slice(0, NAMED);
  if (parts.length > NAMED) named.push(texts.placeMore(parts.length - NAMED));
  if (j.area) named.push(texts.drawnArea);
  return named.length ? `${named.join(', ')} · ${j.state}` : j.state;
}

/**
 * View Issues' area (issue 16): the department's jurisdiction by default, or All of India. A department
 * that has declared none sees all of India, with a prompt to declare one. A banner names the place shown
 * (from the declared jurisdiction), with a way to change it.
 */
export function AreaFilterBar({ area, onChange, className = '' }: { area: AreaFilter; onChange: (next: AreaFilter) => void; className?: string }) {
  const id = useId();
  const mine = useJurisdiction('me');
  const texts = useLocalized(JURISDICTION_TEXTS);
  if (mine.isPending) return null;
  const declared = mine.data?.jurisdiction != null;
  if (!declared) {
    return (
      <p className={`rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 ${className}`} data-testid="declare-prompt">
        {texts.declarePrompt}{' '}
        <Link to={`${DASHBOARD_PATH.government}/settings#jurisdiction`} className="font-semibold underline">
          {texts.declareLink}
        </Link>
      </p>
    );
  }
  const j = mine.data?.jurisdiction;
  return (
    <div className={`rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 ${className}`}>
      <p className="text-sm font-medium text-brand-900" data-testid="area-banner" aria-live="polite">
        {area === 'all' || !j ? texts.showingAll : texts.showingMine(placeOf(j, texts))}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {texts.areaFilter}
        </label>
        <select id={id} className="field-input w-auto" value={area} onChange={(e) => onChange(e.target.value as AreaFilter)} data-testid="area-filter">
          <option value="mine">{texts.areaMine}</option>
          <option value="all">{texts.areaAll}</option>
        </select>
        <Link to={`${DASHBOARD_PATH.government}/settings#jurisdiction`} className="text-sm font-semibold text-brand-800 underline">
          {texts.editJurisdiction}
        </Link>
      </div>
    </div>
  );
}
