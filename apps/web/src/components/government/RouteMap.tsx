import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { GOV_UI, UI } from '@civicpulse/shared';
import { useRoute } from '../../api/government';
import { useLocalized } from '../../i18n';

const RouteLeaflet = lazy(() => import('./RouteLeaflet'));

type Position =
  | { kind: 'locating' }
  | { kind: 'located'; lat: number; lng: number }
  | { kind: 'denied' }
  | { kind: 'unsupported' };

function useOfficialPosition(active: boolean): Position {
  const [position, setPosition] = useState<Position>({ kind: 'locating' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setPosition({ kind: 'unsupported' });
      return;
    }
    setPosition({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ kind: 'located', lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setPosition({ kind: 'denied' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  useEffect(() => {
    if (active) locate();
  }, [active, locate]);
  return position;
}

/**
 * Spec 2.11: the route map for one post (400 px high, zoom 14), opened on demand so a list does not start
 * a map and a geolocation prompt per card. The official's position comes from the browser; the route from
 * the server (which holds any routing key). Without a road route it says plainly that the line is straight.
 */
export function RouteMap({ postId, issue, caption }: { postId: string; issue: { lat: number; lng: number }; caption: string }) {
  const ui = useLocalized(GOV_UI);
  const [open, setOpen] = useState(false);
  const [fitSignal, setFitSignal] = useState(0);
  const regionId = `route-${postId}`;
  return (
    <div>
      <button
        type="button"
        className="btn-secondary px-3 py-2"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm12-10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM6 15V9a4 4 0 0 1 4-4h6M18 9v6a4 4 0 0 1-4 4H8" />
        </svg>
        {open ? ui.hideRoute : ui.showRoute}
      </button>
      {open && <RoutePanel id={regionId} label={ui.routeMapLabelFor(caption)} issue={issue} fitSignal={fitSignal} onFit={() => setFitSignal((n) => n + 1)} />}
    </div>
  );
}

function RoutePanel({
  id,
  label,
  issue,
  fitSignal,
  onFit,
}: {
  id: string;
  label: string;
  issue: { lat: number; lng: number };
  fitSignal: number;
  onFit: () => void;
}) {
  const ui = useLocalized(GOV_UI);
  const position = useOfficialPosition(true);
  const from = position.kind === 'located' ? { lat: position.lat, lng: position.lng } : null;
  const route = useRoute(from, issue);

  let message: string;
  let tone = 'text-slate-700';
  if (position.kind === 'locating') message = ui.locating;
  else if (position.kind === 'denied') {
    message = ui.locationDeniedRoute;
    tone = 'text-amber-900';
  } else if (position.kind === 'unsupported') {
    message = ui.geolocationUnsupportedRoute;
    tone = 'text-amber-900';
  } else if (route.isPending) message = ui.routeLoading;
  else if (route.isError || !route.data) {
    message = ui.routeFailed;
    tone = 'text-amber-900';
  } else if (route.data.source === 'straight') message = ui.straightLine(ui.distance(route.data.distanceMeters));
  else message = ui.drivingRoute(ui.distance(route.data.distanceMeters), ui.duration(route.data.durationSeconds));

  const data = route.data;
  const showFrom = from && !route.isError ? from : null;
  return (
    <div id={id} className="mt-3 space-y-2" data-testid="route-map">
      <div
        role="region"
        aria-label={label}
        className="relative isolate z-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
        style={{ height: UI.routeMapHeightPx }}
      >
        <Suspense fallback={null}>
          <RouteLeaflet
            issue={issue}
            from={showFrom}
            line={data && showFrom ? data.coordinates : null}
            straight={data?.source === 'straight'}
            fitSignal={fitSignal}
          />
        </Suspense>
      </div>
      <p className={`text-sm ${tone}`} aria-live="polite" data-testid="route-summary">
        {message}
      </p>
      {data && showFrom && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a
            href={data.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {ui.directionsLink}
          </a>
          <button type="button" className="btn-ghost px-3 py-1.5" onClick={onFit}>
            {ui.fitRoute}
          </button>
        </div>
      )}
    </div>
  );
}
