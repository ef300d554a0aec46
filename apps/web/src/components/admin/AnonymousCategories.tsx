import { useState } from 'react';
import { ANONYMITY_UI, CATEGORY_CODES, NAMES, type Category } from '@civicpulse/shared';
import { useCategorySettings, useSaveCategorySetting } from '../../api/anonymity';
import { useLocalized } from '../../i18n';

/** Anonymous reports: per category, whether residents may hide their name (admins; saved on each tick). */
export function AnonymousCategories() {
  const ui = useLocalized(ANONYMITY_UI);
  const names = useLocalized(NAMES);
  const settings = useCategorySettings();
  const save = useSaveCategorySetting(ui.adminFailed);
  // The tick shows at once; it goes back if the save fails.
  const [ticked, setTicked] = useState<Partial<Record<Category, boolean>>>({});
  const allowed = new Map(settings.data?.categories.map((c) => [c.code, ticked[c.code] ?? c.anonymousAllowed]));
  const change = (code: Category, value: boolean) => {
    setTicked((t) => ({ ...t, [code]: value }));
    save.mutate(
      { category: code, anonymousAllowed: value },
      {
        onError: () =>
          setTicked((t) => {
            const { [code]: _dropped, ...rest } = t;
            return rest;
          }),
      },
    );
  };
  return (
    <section className="card p-3 sm:p-4" aria-labelledby="anonymous-categories-heading" data-testid="anonymous-categories">
      <h2 id="anonymous-categories-heading" className="text-base font-semibold text-slate-900">
        {ui.adminHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{ui.adminHint}</p>
      {settings.isError && <p className="mt-2 text-sm text-red-800">{ui.adminFailed}</p>}
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {CATEGORY_CODES.map((code) => {
          const id = `anonymous-allowed-${code}`;
          return (
            <li key={code} className="flex items-start gap-2" data-testid="anonymous-category" data-category={code}>
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                checked={allowed.get(code) ?? true}
                disabled={!settings.data}
                aria-label={ui.adminCategory(names.categories[code].name)}
                onChange={(e) => change(code, e.target.checked)}
              />
              <label htmlFor={id} className="text-sm text-slate-800">
                <span className="font-medium">{names.categories[code].name}</span>
                <span className="block text-xs text-slate-600">{ui.adminCheckbox}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
