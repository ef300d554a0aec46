import { useId, useState, type FormEvent } from 'react';
import {
  CATEGORY_CODES,
  NAMES,
  PRIORITIES,
  SERVICE_LEVEL_LIMITS,
  SERVICE_LEVEL_TEXTS,
  serviceLevelProblem,
  type ServiceLevel,
} from '@civicpulse/shared';
import { useSaveServiceLevel, useServiceLevels } from '../../../api/serviceLevels';
import { ScreenHeading } from '../../../components/admin/AdminList';
import { AnonymousCategories } from '../../../components/admin/AnonymousCategories';
import { DepartmentRanking } from '../../../components/servicelevels/DepartmentRanking';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';
import { localizeMessage } from '../../../i18n/message';

/**
 * serviceLevelProblem's message in the current language. Its hours text names the field, so the field
 * is found by asking again with the other value at a limit that is always fine.
 */
function levelProblem(response: number, resolution: number, texts: { hours: (field: string) => string }, fields: { response: string; resolution: string }): string | null {
  const problem = serviceLevelProblem(response, resolution);
  if (!problem) return null;
  if (serviceLevelProblem(response, SERVICE_LEVEL_LIMITS.hoursMax)) return texts.hours(fields.response);
  if (serviceLevelProblem(SERVICE_LEVEL_LIMITS.hoursMin, resolution)) return texts.hours(fields.resolution);
  return localizeMessage(problem, SERVICE_LEVEL_TEXTS);
}

/** One category x priority: two whole-hour inputs and Save; the server checks the same rule. */
function LevelRow({ level }: { level: ServiceLevel }) {
  const id = useId();
  const texts = useLocalized(SERVICE_LEVEL_TEXTS);
  const names = useLocalized(NAMES);
  const { t } = useTranslation('admin');
  const save = useSaveServiceLevel(texts.failed);
  const [response, setResponse] = useState(String(level.responseHours));
  const [resolution, setResolution] = useState(String(level.resolutionHours));
  const [problem, setProblem] = useState<string | null>(null);
  const changed = Number(response) !== level.responseHours || Number(resolution) !== level.resolutionHours;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = Number(response);
    const f = Number(resolution);
    const p = levelProblem(r, f, texts, { response: t('serviceLevels.responseField'), resolution: t('serviceLevels.resolutionField') });
    setProblem(p);
    if (p) return;
    save.mutate({ category: level.category, priority: level.priority, responseHours: r, resolutionHours: f });
  };
  const name = `${names.categories[level.category].name}, ${names.priorities[level.priority]}`;
  return (
    <tr data-testid="level-row" data-category={level.category} data-priority={level.priority}>
      <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-800">
        {names.priorities[level.priority]}
        {level.isDefault && <span className="block text-xs font-normal text-slate-600">({texts.defaultMark})</span>}
      </th>
      <HoursCell id={`${id}-r`} form={`${id}-f`} label={`${texts.response}: ${name}`} value={response} onChange={setResponse} invalid={Boolean(problem)} />
      <HoursCell id={`${id}-f-in`} form={`${id}-f`} label={`${texts.resolution}: ${name}`} value={resolution} onChange={setResolution} invalid={Boolean(problem)} />
      <td className="py-2">
        <form id={`${id}-f`} onSubmit={submit} noValidate>
          <button type="submit" className="btn-secondary px-2.5 py-1.5" disabled={!changed || save.isPending} aria-label={`${texts.save}: ${name}`}>
            {texts.save}
          </button>
        </form>
        {problem && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-700">
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}

/** The admins' service levels (issue 16 item 6): a table per category, a row per priority; then the department ranking. */
export default function ServiceLevels() {
  const texts = useLocalized(SERVICE_LEVEL_TEXTS);
  const names = useLocalized(NAMES);
  const { t } = useTranslation('admin');
  usePageTitle(texts.heading);
  const query = useServiceLevels();
  const levels = query.data?.levels ?? [];
  return (
    <section aria-labelledby="screen-title" className="min-w-0 space-y-6">
      <ScreenHeading title={texts.heading} intro={texts.intro} />
      {query.isError && <p className="text-sm text-red-800">{texts.failed}</p>}
      <AnonymousCategories />
      <div className="grid gap-4 lg:grid-cols-2">
        {CATEGORY_CODES.map((code) => {
          const rows = PRIORITIES.map((p) => levels.find((l) => l.category === code && l.priority === p)).filter((l): l is ServiceLevel => !!l);
          if (rows.length === 0) return null;
          return (
            <div key={code} className="card min-w-0 overflow-x-auto p-3 sm:p-4" data-testid="level-table">
              <table className="w-full text-sm">
                <caption className="mb-2 text-left text-base font-semibold text-slate-900">{names.categories[code].name}</caption>
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="pb-1 text-left font-medium">{t('serviceLevels.priority')}</th>
                    <th scope="col" className="pb-1 text-left font-medium">{texts.response}</th>
                    <th scope="col" className="pb-1 text-left font-medium">{texts.resolution}</th>
                    <th scope="col" className="pb-1">
                      <span className="sr-only">{texts.save}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((l) => (
                    <LevelRow key={`${l.category}/${l.priority}/${l.responseHours}/${l.resolutionHours}`} level={l} />
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
      <DepartmentRanking />
    </section>
  );
}

/** One hours input of a service-level row, labelled for screen readers with its column and row. */
function HoursCell(props: { id: string; form: string; label: string; value: string; onChange: (value: string) => void; invalid: boolean }) {
  return (
    <td className="py-2 pr-2">
      <label className="sr-only" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        form={props.form}
        className="field-input w-20"
        type="number"
        inputMode="numeric"
        min={SERVICE_LEVEL_LIMITS.hoursMin}
        max={SERVICE_LEVEL_LIMITS.hoursMax}
        step={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid ? true : undefined}
      />
    </td>
  );
}
