import { CATEGORY_UI, GOV_SORT_OPTIONS, GOV_UI, NAMES, type PostSort } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../../i18n';
import type { GovFilters } from '../../api/government';
import { CategorySelect } from '../posts/Category';
import { PrioritySelect } from '../form/choices';
import { SelectField } from '../form/Field';
import { RemovableChip } from '../form/RemovableChip';

export interface FilterBarProps {
  filters: GovFilters;
  onChange: (next: GovFilters) => void;
  /** 'Showing X of Y posts', once the first page is known. */
  counts: { matching: number; total: number } | null;
}

export const DEFAULT_FILTERS: GovFilters = { priority: null, sort: 'default' };

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const ui = useLocalized(GOV_UI);
  return <RemovableChip label={label} removeLabel={ui.removeFilter(label)} onRemove={onRemove} />;
}

/** Spec 2.11: priority filter, the seven sorts, Clear Filters, active-filter chips and the count. */
export function FilterBar({ filters, onChange, counts }: FilterBarProps) {
  const active = filters.priority !== null || filters.sort !== 'default' || Boolean(filters.category);
  const ui = useLocalized(GOV_UI);
  const names = useLocalized(NAMES);
  const categoryUi = useLocalized(CATEGORY_UI);
  const { t } = useTranslation('gov');
  return (
    <section aria-label={ui.filters} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <CategorySelect value={filters.category ?? null} onChange={(category) => onChange({ ...filters, category })} />
        <PrioritySelect
          label={ui.priorityFilter}
          anyLabel={ui.allPriorities}
          value={filters.priority}
          onChange={(priority) => onChange({ ...filters, priority })}
        />
        <SelectField
          label={ui.sortBy}
          value={filters.sort}
          onChange={(sort) => onChange({ ...filters, sort: sort as PostSort | 'default' })}
          options={GOV_SORT_OPTIONS.map((o) => ({ value: o.value, label: t(`sort.${o.value}`) }))}
        />
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
