import { useId } from 'react';
import { MY_POSTS_SORTS, MY_POSTS_UI, NAMES, PRIORITIES, type Priority } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { CategorySelect } from '../posts/Category';
import { hasActiveFilters, type MyPostsFilters as Filters, type MyPostsSort } from '../../api/myPosts';

export interface MyPostsFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
  /** "Showing N issues", announced politely when it changes. */
  summary?: string;
}

/**
 * The My Issues filter bar (spec 2.10): sort (newest by default, oldest, most upvotes, most downvotes),
 * priority (all by default, or one), and minimum upvotes / downvotes as number inputs with min 0.
 * Blank counts are ignored; the server reads anything non-numeric as 0.
 */
export function MyPostsFilters({ value, onChange, onClear, summary }: MyPostsFiltersProps) {
  const id = useId();
  const ui = useLocalized(MY_POSTS_UI);
  const names = useLocalized(NAMES);
  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => onChange({ ...value, [key]: next });
  const active = hasActiveFilters(value);

  return (
    <section aria-label={ui.filtersLabel} className="card p-4 sm:p-5" data-testid="my-posts-filters">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-4 lg:max-w-xs">
          <CategorySelect id={`${id}-category`} value={value.category || null} onChange={(next) => set('category', next ?? '')} />
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="field-label">
            {ui.sortBy}
          </label>
          <select
            id={`${id}-sort`}
            className="field-input"
            value={value.sort}
            onChange={(e) => set('sort', e.target.value as MyPostsSort)}
          >
            {MY_POSTS_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ui.sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-priority`} className="field-label">
            {ui.priority}
          </label>
          <select
            id={`${id}-priority`}
            className="field-input"
            value={value.priority}
            onChange={(e) => set('priority', e.target.value as Priority | '')}
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
          <label htmlFor={`${id}-up`} className="field-label">
            {ui.minUpvotes}
          </label>
          <input
            id={`${id}-up`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="0"
            className="field-input"
            value={value.minUpvotes}
            onChange={(e) => set('minUpvotes', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-down`} className="field-label">
            {ui.minDownvotes}
          </label>
          <input
            id={`${id}-down`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="0"
            className="field-input"
            value={value.minDownvotes}
            onChange={(e) => set('minDownvotes', e.target.value)}
          />
        </div>
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
