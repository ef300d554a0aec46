import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Circle, useMap } from 'react-leaflet';
import type { LatLngLiteral } from 'leaflet';
import { ALERT_LIMITS, ALERT_TEXTS, ALERT_UI, CATEGORY_CODES, NAMES, TEXTS, type AreaAlert, type Category } from '@civicpulse/shared';
import { call, errorMessage } from '../api/client';
import { Field, SelectField } from '../components/form/Field';
import { LocationPicker } from '../components/map/LocationPicker';
import { useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';
import { localized, useLocalized } from '../i18n';
import toast from '../toast';

const QUERY_KEY = ['alerts'] as const;

/** The alert's circle, with the map brought to it whenever the point or the radius changes. */
function AlertCircle({ center, radius }: { center: LatLngLiteral; radius: number }) {
  const map = useMap();
  useEffect(() => {
    const lat = radius / 111_320;
    const lng = radius / (111_320 * Math.cos((center.lat * Math.PI) / 180));
    map.fitBounds(
      [
        [center.lat - lat, center.lng - lng],
        [center.lat + lat, center.lng + lng],
      ],
      { maxZoom: 15, padding: [16, 16] },
    );
  }, [map, center.lat, center.lng, radius]);
  return <Circle center={center} radius={radius} pathOptions={{ color: '#0b5cad', weight: 2, fillOpacity: 0.12 }} />;
}


/**
 * /alerts (area alerts): a signed-in person's circles around places they care about, and a form to add
 * one: a point on the map (click, Locate Me, or the map's centre by keyboard), a radius, optionally one
 * category, and a name. New reports inside a circle reach them as notifications (and email, by their
 * Settings); the matching happens on the server after each report is filed.
 */
export default function AreaAlerts() {
  const ui = useLocalized(ALERT_UI);
  const names = useLocalized(NAMES);
  usePageTitle(ui.heading);
  /** "500 m", "2 km" in the current language. */
  const radiusText = (meters: number) => (meters >= 1000 && meters % 1000 === 0 ? ui.kilometres(meters / 1000) : ui.metres(meters));
  const client = useQueryClient();
  const alerts = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => call('GET /api/alerts', { signal }).then((a) => a.alerts),
  });
  const [point, setPoint] = useState<LatLngLiteral | null>(null);
  const [radius, setRadius] = useState(1000);
  const [category, setCategory] = useState<Category | ''>('');
  const [label, setLabel] = useState('');
  const problem = useFormProblem<'point' | 'label'>();

  const create = useMutation({
    mutationFn: (body: { lat: number; lng: number; radiusMeters: number; category: Category | null; label: string }) => call('POST /api/alerts', { body }),
    onSuccess: ({ message }) => {
      toast.success(message);
      setLabel('');
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, localized(TEXTS).http.internal)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('DELETE /api/alerts/:id', { params: { id } }),
    onSuccess: ({ message }) => {
      toast.success(message);
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, localized(TEXTS).http.internal)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texts = localized(ALERT_TEXTS);
    if (!label.trim()) return problem.report(texts.labelRequired, ['label']);
    if (!point) return problem.report(texts.placeInvalid, ['point']);
    problem.clear();
    // The form's earlier problems (shown as toasts too) are answered now.
    toast.dismiss();
    create.mutate({ lat: point.lat, lng: point.lng, radiusMeters: radius, category: category || null, label: label.trim() });
  };

  const list = alerts.data ?? [];
  const full = list.length >= ALERT_LIMITS.perAccount;
  return (
    <div className="page max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{ui.heading}</h1>
      <p className="mt-2 text-slate-700">{ui.intro}</p>

      <section className="card mt-6 p-4 sm:p-6" aria-labelledby="alerts-list-heading">
        <h2 id="alerts-list-heading" className="text-lg font-semibold text-slate-900">
          {ui.listHeading}
        </h2>
        {alerts.isError && (
          <p className="mt-2 text-red-700" role="alert">
            {ui.failed}
          </p>
        )}
        {alerts.isSuccess && list.length === 0 && <p className="mt-2 text-slate-700">{ui.empty}</p>}
        {list.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="alert-list">
            {list.map((a: AreaAlert) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="alert-item">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{a.label}</p>
                  <p className="text-sm text-slate-600">
                    {ui.within(radiusText(a.radiusMeters))} · {a.category ? names.categories[a.category].name : ui.anyCategory}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5"
                  aria-label={ui.deleteLabel(a.label)}
                  disabled={remove.isPending && remove.variables === a.id}
                  onClick={() => remove.mutate(a.id)}
                >
                  {ui.delete}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-600">{ui.howYouHear}</p>
      </section>

      {!full && (
        <section className="card mt-6 p-4 sm:p-6" aria-labelledby="alerts-add-heading">
          <h2 id="alerts-add-heading" className="text-lg font-semibold text-slate-900">
            {ui.addHeading}
          </h2>
          <form ref={problem.formRef} className="mt-3 space-y-4" onSubmit={submit} noValidate>
            <Field
              label={ui.label}
              name="label"
              placeholder={ui.labelPlaceholder}
              maxLength={ALERT_LIMITS.labelMaxChars}
              value={label}
              onChange={(e) => {
                setLabel(e.target.value);
                problem.fix('label');
              }}
              problem={problem.field('label')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={ui.radius}
                name="radius"
                value={String(radius)}
                onChange={(v) => setRadius(Number(v))}
                options={ALERT_LIMITS.radii.map((r) => ({ value: String(r), label: radiusText(r) }))}
              />
              <SelectField
                label={ui.category}
                name="category"
                value={category}
                onChange={(v) => setCategory(v as Category | '')}
                emptyLabel={ui.anyCategory}
                options={CATEGORY_CODES.map((c) => ({ value: c, label: names.categories[c].name }))}
              />
            </div>
            <div>
              <p className="mb-2 text-sm text-slate-700">{ui.pickPlace}</p>
              <LocationPicker
                value={point}
                onChange={(p) => {
                  setPoint(p);
                  problem.fix('point');
                }}
                autoLocate={false}
                fieldProblem={problem.field('point')}
                overlay={point ? <AlertCircle center={point} radius={radius} /> : null}
              />
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? ui.saving : ui.save}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
