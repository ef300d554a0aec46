import { useId } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH, JURISDICTION_TEXTS, type AreaFilter } from '@civicpulse/shared';
import { useJurisdiction } from '../../api/jurisdiction';
import { useLocalized } from '../../i18n';

/**
 * View Issues' area (issue 16): the department's jurisdiction by default, or All of India. A department
 * that has declared none sees all of India, with a prompt to declare one.
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
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {texts.areaFilter}
      </label>
      <select id={id} className="field-input w-auto" value={area} onChange={(e) => onChange(e.target.value as AreaFilter)} data-testid="area-filter">
        <option value="mine">{texts.areaMine}</option>
        <option value="all">{texts.areaAll}</option>
      </select>
    </div>
  );
}
