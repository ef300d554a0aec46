import { useId } from 'react';
import { CATEGORIES, CATEGORY_CODES, CATEGORY_UI, NAMES, isCategory, type Category } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { OutlineIcon } from '../Icon';

/** A category's 24 px outline icon (path data kept in packages/shared). */
export function CategoryIcon({ category, className = 'h-5 w-5' }: { category: string; className?: string }) {
  const icon = isCategory(category) ? CATEGORIES[category].icon : CATEGORIES.other.icon;
  return <OutlineIcon d={icon} className={className} />;
}

/** The category on a card or the post page: icon and name. */
export function CategoryBadge({ category }: { category: string }) {
  const ui = useLocalized(CATEGORY_UI);
  const names = useLocalized(NAMES);
  // An unknown code (e.g. from a newer server) reads as Other.
  const name = names.categories[isCategory(category) ? category : 'other'].name;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-200 ring-inset"
      data-testid="category-badge"
      data-category={category}
    >
      <CategoryIcon category={category} className="h-3.5 w-3.5" />
      <span className="sr-only">{ui.badgeLabel(name)}</span>
      <span aria-hidden="true">{name}</span>
    </span>
  );
}

export interface CategoryPickerProps {
  value: Category;
  onChange: (next: Category) => void;
  /** True while the choice still follows the caption (the user has not picked one); left out, no hint line. */
  suggested?: boolean;
  disabled?: boolean;
}

/**
 * The categories as one radio group (fieldset + legend): native radios, so Tab enters and leaves the
 * group in one stop and the arrow keys move the choice; each tile shows the icon and the name, the
 * focused one a visible ring.
 */
export function CategoryPicker({ value, onChange, suggested, disabled = false }: CategoryPickerProps) {
  const name = useId();
  const hintId = useId();
  const ui = useLocalized(CATEGORY_UI);
  const names = useLocalized(NAMES);
  return (
    <fieldset aria-describedby={suggested ? hintId : undefined} data-testid="category-picker">
      <legend className="field-label">{ui.legend}</legend>
      {suggested !== undefined ? (
        // Kept mounted (a live region) and its height kept, so the tiles do not jump as the hint comes and goes.
        <p id={hintId} className="mb-2 min-h-4 text-xs text-slate-600" aria-live="polite">
          {suggested ? ui.suggested : ''}
        </p>
      ) : (
        <div className="mb-2" />
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {CATEGORY_CODES.map((code) => (
          <label
            key={code}
            title={names.categories[code].description}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 hover:border-brand-500 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={code}
              checked={value === code}
              disabled={disabled}
              onChange={() => onChange(code)}
            />
            <CategoryIcon category={code} className="h-5 w-5 shrink-0" />
            <span className="min-w-0 leading-tight">{names.categories[code].name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A list's category filter: a labelled select with "All categories" first. */
export function CategorySelect({
  value,
  onChange,
  id,
  className = 'field-input',
}: {
  value: Category | null;
  onChange: (next: Category | null) => void;
  id?: string;
  className?: string;
}) {
  const own = useId();
  const selectId = id ?? own;
  const ui = useLocalized(CATEGORY_UI);
  const names = useLocalized(NAMES);
  return (
    <div>
      <label htmlFor={selectId} className="field-label">
        {ui.filterLabel}
      </label>
      <select
        id={selectId}
        className={className}
        value={value ?? ''}
        onChange={(e) => onChange(isCategory(e.target.value) ? e.target.value : null)}
        data-testid="category-filter"
      >
        <option value="">{ui.allCategories}</option>
        {CATEGORY_CODES.map((code) => (
          <option key={code} value={code}>
            {names.categories[code].name}
          </option>
        ))}
      </select>
    </div>
  );
}
