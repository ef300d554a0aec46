import { useId } from 'react';
import { MY_POSTS_SORTS, MY_POSTS_UI } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { CategorySelect } from '../posts/Category';
import { PrioritySelect } from '../form/choices';
import { Field, SelectField } from '../form/Field';
import { hasActiveFilters, type MyPostsFilters as Filters, type MyPostsSort } from '../../api/myPosts';

export interface MyPostsFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
  /** "Showing N issues", announced politely when it changes. */
  summary?: string;
}

/** The two minimum-count inputs: the filter they set and their id's suffix. */
const COUNTS = [
  ['minUpvotes', 'up'],
  ['minDownvotes', 'down'],
] as const;

/**
 * The My Issues filter bar (spec 2.10): sort (newest by default, oldest, most upvotes, most downvotes),
 * priority (all by default, or one), and minimum upvotes / downvotes as number inputs with min 0.
 * Blank counts are ignored; the server reads anything non-numeric as 0.
 */
export function MyPostsFilters({ value, onChange, onClear, summary }: MyPostsFiltersProps) {
  const id = useId();
  const ui = useLocalized(MY_POSTS_UI);
  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => onChange({ ...value, [key]: next });
  const active = hasActiveFilters(value);

  return (
    <section aria-label={ui.filtersLabel} className="card p-4 sm:p-5" data-testid="my-posts-filters">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-4 lg:max-w-xs">
          <CategorySelect id={`${id}-category`} value={value.category || null} onChange={(next) => set('category', next ?? '')} />
        </div>
        <SelectField
          id={`${id}-sort`}
          label={ui.sortBy}
          value={value.sort}
          onChange={(sort) => set('sort', sort as MyPostsSort)}
          options={MY_POSTS_SORTS.map((sort) => ({ value: sort, label: ui.sortLabels[sort] }))}
        />
        <PrioritySelect id={`${id}-priority`} label={ui.priority} anyLabel={ui.allPriorities} value={value.priority || null} onChange={(p) => set('priority', p ?? '')} />
        {COUNTS.map(([key, suffix]) => (
          <Field
            key={key}
            id={`${id}-${suffix}`}
            label={key === 'minUpvotes' ? ui.minUpvotes : ui.minDownvotes}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="0"
            value={value[key]}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
      </div>
      {/* The row (kept mounted for its live region) takes no room while there is nothing to say. */}
      <div className={`flex flex-wrap items-center justify-between gap-2 ${summary || active ? 'mt-3 min-h-10' : ''}`}>
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="my-posts-summary">
          {summary}
        </p>
        {active && (
          <button type="button" className="btn-ghost px-3 py-2 text-brand-800" onClick={onClear}>
            {ui.clearFilters}
          </button>
        )}
      </div>
    </section>
  );
}
