import { useId } from 'react';
import { CATEGORY_UI, GOV_SORT_OPTIONS, GOV_UI, NAMES, PRIORITIES, type PostSort, type Priority } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../../i18n';
import type { GovFilters } from '../../api/government';
import { CategorySelect } from '../posts/Category';

export interface FilterBarProps {
  filters: GovFilters;
  onChange: (next: GovFilters) => void;
  /** 'Showing X of Y posts', once the first page is known. */
  counts: { matching: number; total: number } | null;
}

export const DEFAULT_FILTERS: GovFilters = { priority: null, sort: 'default' };

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const ui = useLocalized(GOV_UI);
  return (
    <li>
      <button
        type="button"
        onClick={onRemove}
        aria-label={ui.removeFilter(label)}
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-xs font-semibold text-brand-900 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
      >
        {label}
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </li>
  );
}

/** Spec 2.11: priority filter, the seven sorts, Clear Filters, active-filter chips and the count. */
export function FilterBar({ filters, onChange, counts }: FilterBarProps) {
  const priorityId = useId();
  const sortId = useId();
  const active = filters.priority !== null || filters.sort !== 'default' || Boolean(filters.category);
  const ui = useLocalized(GOV_UI);
  const names = useLocalized(NAMES);
  const categoryUi = useLocalized(CATEGORY_UI);
  const { t } = useTranslation('gov');
  return (
    <section aria-label={ui.filters} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <CategorySelect value={filters.category ?? null} onChange={(category) => onChange({ ...filters, category })} />
        <div>
          <label htmlFor={priorityId} className="field-label">
            {ui.priorityFilter}
          </label>
          <select
            id={priorityId}
            className="field-input"
            value={filters.priority ?? ''}
            onChange={(e) => onChange({ ...filters, priority: (e.target.value || null) as Priority | null })}
          >
            <option value="">{ui.allPriorities}</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {names.priorities[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={sortId} className="field-label">
            {ui.sortBy}
          </label>
          <select
            id={sortId}
            className="field-input"
            value={filters.sort}
            onChange={(e) => onChange({ ...filters, sort: e.target.value as PostSort | 'default' })}
          >
            {GOV_SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(`sort.${o.value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn-secondary" onClick={() => onChange(DEFAULT_FILTERS)} disabled={!active}>
          {ui.clearFilters}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {active ? (
          <ul aria-label={ui.activeFilters} className="flex flex-wrap gap-2">
            {filters.priority && (
              <Chip label={ui.chipPriority(names.priorities[filters.priority])} onRemove={() => onChange({ ...filters, priority: null })} />
            )}
            {filters.category && (
              <Chip label={categoryUi.chip(names.categories[filters.category].name)} onRemove={() => onChange({ ...filters, category: null })} />
            )}
            {filters.sort !== 'default' && (
              <Chip label={ui.chipSort(t(`sort.${filters.sort}`))} onRemove={() => onChange({ ...filters, sort: 'default' })} />
            )}
          </ul>
        ) : (
          <span />
        )}
        <p className="text-sm font-medium text-slate-700" aria-live="polite" data-testid="showing-count">
          {counts ? ui.showing(counts.matching, counts.total) : '\u00a0'}
        </p>
      </div>
    </section>
  );
}
