import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  CATEGORY_LIST,
  JURISDICTION_LIMITS,
  JURISDICTION_TEXTS,
  NAMES,
  validateJurisdiction,
  type Category,
  type GeoArea,
  type Jurisdiction,
} from '@civicpulse/shared';
import { errorMessage } from '../../api/client';
import { useJurisdiction, useSaveJurisdiction } from '../../api/jurisdiction';
import toast from '../../toast';
import { localized, useLocalized, useTranslation } from '../../i18n';
import { localizeMessage } from '../../i18n/message';
import { StateSelect } from '../form/choices';
import { FieldFrame, TextAreaField } from '../form/Field';
import { RemovableChip } from '../form/RemovableChip';

const AreaDrawMap = lazy(() => import('../map/AreaDrawMap'));

const INDIA_CENTER: [number, number] = [22.5, 79];

/** A list of short texts typed one by one (Enter or comma adds), shown as removable chips. */
function TagInput({
  label,
  help,
  values,
  onChange,
  check,
  max,
  inputMode,
  testId,
}: {
  label: string;
  help: string;
  values: string[];
  onChange: (next: string[]) => void;
  /** An error text for a value that cannot be added, or null. */
  check: (value: string) => string | null;
  max: number;
  inputMode?: 'numeric' | 'text';
  testId: string;
}) {
  const id = useId();
  const texts = useLocalized(JURISDICTION_TEXTS);
  const { t } = useTranslation('gov');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const value = draft.replace(/\s+/g, ' ').trim();
    if (!value) return;
    const bad = check(value) ?? (values.length >= max ? t('jurisdiction.atMost', { max }) : null);
    if (bad) return setProblem(bad);
    if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) onChange([...values, value]);
    setDraft('');
    setProblem(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={help}
      after={
        problem && (
          <p id={`${id}-problem`} className="mt-1 text-sm text-red-800">
            {problem}
          </p>
        )
      }
    >
      {(aria) => (
        <>
          {values.length > 0 && (
            <ul className="mb-2 flex flex-wrap gap-2" aria-label={label} data-testid={`${testId}-chips`}>
              {values.map((v) => (
                <RemovableChip key={v} label={v} removeLabel={texts.remove(v)} onRemove={() => onChange(values.filter((x) => x !== v))} />
              ))}
            </ul>
          )}
          <input
            id={aria.id}
            className="field-input"
            value={draft}
            inputMode={inputMode}
            maxLength={JURISDICTION_LIMITS.cityMaxChars}
            aria-describedby={problem ? `${aria['aria-describedby']} ${id}-problem` : aria['aria-describedby']}
            aria-invalid={problem ? true : undefined}
            data-testid={`${testId}-input`}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem(null);
            }}
            onKeyDown={onKey}
            onBlur={add}
          />
        </>
      )}
    </FieldFrame>
  );
}

/** The drawn corners of a single-polygon area ([lat, lng], without the closing point), or [] for anything else. */
function cornersOf(area: GeoArea | null): Array<[number, number]> {
  if (!area || area.type !== 'Polygon' || !area.coordinates[0]) return [];
  return area.coordinates[0].slice(0, -1).map(([lng, lat]) => [lat, lng]);
}

/** Where the map looks: the corners' middle, close up; or all of India. */
function viewOf(points: Array<[number, number]>): { center: [number, number]; zoom: number; fit: Array<[number, number]> | null } {
  if (points.length === 0) return { center: INDIA_CENTER, zoom: 4, fit: null };
  const lat = points.reduce((s, p) => s + p[0], 0) / points.length;
  const lng = points.reduce((s, p) => s + p[1], 0) / points.length;
  return { center: [lat, lng], zoom: 11, fit: points };
}

function polygonOf(points: Array<[number, number]>): GeoArea {
  const ring = points.map(([lat, lng]) => [lng, lat] as [number, number]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

function parseArea(text: string): { area: GeoArea | null } | { problem: string } {
  if (!text.trim()) return { area: null };
  try {
    return { area: JSON.parse(text) as GeoArea };
  } catch {
    return { problem: localized(JURISDICTION_TEXTS).invalidArea };
  }
}

export interface JurisdictionEditorProps {
  /** 'me': the signed-in department's own; an id: that department's, edited by an admin. */
  departmentId: string | 'me';
  onSaved?: () => void;
}

/**
 * Issue 16 item 3: state, cities and pincodes (chips), the categories handled (checkboxes with icons)
 * and an optional area drawn on the map by clicking corners, or pasted as GeoJSON.
 */
export function JurisdictionEditor({ departmentId, onSaved }: JurisdictionEditorProps) {
  const current = useJurisdiction(departmentId);
  const save = useSaveJurisdiction(departmentId);
  const stateId = useId();
  const areaId = useId();
  const headingId = useId();
  const texts = useLocalized(JURISDICTION_TEXTS);
  const names = useLocalized(NAMES);
  const [state, setState] = useState('');
  const [cities, setCities] = useState<string[]>([]);
  const [pincodes, setPincodes] = useState<string[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [points, setPoints] = useState<Array<[number, number]>>([]);
  const [areaText, setAreaText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Moved only when an area is loaded or pasted, never by a click (the drawer keeps their view).
  const [view, setView] = useState(viewOf([]));

  const stored = current.data?.jurisdiction;
  useEffect(() => {
    if (loaded || current.isPending) return;
    if (stored) {
      setState(stored.state);
      setCities(stored.cities);
      setPincodes(stored.pincodes);
      setCategories(stored.categories);
      setPoints(cornersOf(stored.area));
      setView(viewOf(cornersOf(stored.area)));
      setAreaText(stored.area ? JSON.stringify(stored.area) : '');
    }
    setLoaded(true);
  }, [stored, loaded, current.isPending]);

  const setDrawn = (next: Array<[number, number]>) => {
    setPoints(next);
    setAreaText(next.length >= 3 ? JSON.stringify(polygonOf(next)) : '');
  };

  const submit = () => {
    const area = parseArea(areaText);
    if ('problem' in area) return setProblem(area.problem);
    const body: Jurisdiction = { state, cities, pincodes, categories, area: area.area };
    const checked = validateJurisdiction(body);
    if (!checked.ok) return setProblem(localizeMessage(checked.message, JURISDICTION_TEXTS));
    setProblem(null);
    save.mutate(checked.value, {
      onSuccess: (a) => {
        toast.success(a.message);
        onSaved?.();
      },
      onError: (err) => {
        const message = errorMessage(err, texts.saveFailed);
        setProblem(message);
        toast.error(message);
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6" data-testid="jurisdiction-editor">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <form
        className="mt-4 space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <StateSelect id={stateId} label={texts.state} emptyLabel={texts.statePlaceholder} value={state} onChange={setState} required />
        <div className="grid gap-5 sm:grid-cols-2">
          <TagInput
            label={texts.cities}
            help={texts.citiesHelp}
            values={cities}
            onChange={setCities}
            max={JURISDICTION_LIMITS.citiesMax}
            check={(v) => (v.length > JURISDICTION_LIMITS.cityMaxChars ? texts.invalidCity : null)}
            testId="jurisdiction-cities"
          />
          <TagInput
            label={texts.pincodes}
            help={texts.pincodesHelp}
            values={pincodes}
            onChange={setPincodes}
            max={JURISDICTION_LIMITS.pincodesMax}
            inputMode="numeric"
            check={(v) => (/^[1-9][0-9]{5}$/.test(v) ? null : texts.invalidPincode)}
            testId="jurisdiction-pincodes"
          />
        </div>
        <fieldset>
          <legend className="field-label">{texts.categories}</legend>
          <p className="mb-2 text-xs text-slate-600">{texts.categoriesHelp}</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {CATEGORY_LIST.map((c) => {
              const checked = categories.includes(c.code);
              return (
                <label
                  key={c.code}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-brand-500 ${checked ? 'border-brand-500 bg-brand-50 text-brand-900' : 'border-slate-200 text-slate-800'}`}
                >
                  {/* shrink-0: a label that wraps to two lines must not squeeze the box (or the icon). */}
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0"
                    checked={checked}
                    onChange={(e) => setCategories(e.target.checked ? [...categories, c.code] : categories.filter((x) => x !== c.code))}
                  />
                  <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                    <path d={c.icon} />
                  </svg>
                  <span className="min-w-0 break-words">{names.categories[c.code].name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">{texts.area}</legend>
          <p className="mb-2 text-xs text-slate-600">{texts.areaHelp}</p>
          <div className="h-72 overflow-hidden rounded-lg border border-slate-200" data-testid="jurisdiction-map">
            <Suspense fallback={null}>
              <AreaDrawMap points={points} onAdd={(p) => setDrawn([...points, p])} center={view.center} zoom={view.zoom} fit={view.fit} />
            </Suspense>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-700" aria-live="polite">
              {texts.areaPoints(points.length)}
            </span>
            <button type="button" className="btn-ghost border border-slate-300" onClick={() => setDrawn(points.slice(0, -1))} disabled={points.length === 0}>
              {texts.areaUndo}
            </button>
            <button
              type="button"
              className="btn-ghost border border-slate-300"
              onClick={() => {
                setPoints([]);
                setAreaText('');
              }}
              disabled={points.length === 0 && areaText === ''}
            >
              {texts.areaClear}
            </button>
          </div>
          <TextAreaField
            id={areaId}
            label={texts.areaPaste}
            className="mt-3"
            inputClassName="min-h-20 font-mono text-xs"
            value={areaText}
            maxLength={JURISDICTION_LIMITS.areaMaxChars}
            spellCheck={false}
            onChange={(e) => {
              setAreaText(e.target.value);
              const parsed = parseArea(e.target.value);
              if ('area' in parsed) {
                setPoints(cornersOf(parsed.area));
                if (cornersOf(parsed.area).length > 0) setView(viewOf(cornersOf(parsed.area)));
              }
            }}
          />
        </fieldset>
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={save.isPending || !loaded} aria-busy={save.isPending}>
          {texts.save}
        </button>
      </form>
    </section>
  );
}
