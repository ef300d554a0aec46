import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { POST_CARD_UI, UI } from '@civicpulse/shared';
import { Icon } from '../Icon';
import { useLocalized } from '../../i18n';

const PointMap = lazy(() => import('./PointMap'));

/**
 * Calls back once the page has loaded and the main thread is idle; returns a cancel. Each map asks
 * for its own idle moment, so several maps mount one by one instead of in one long task.
 */
function whenSettled(callback: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const done = () => {
    if (!cancelled) callback();
  };
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(done, { timeout: 2000 });
    else idle = window.setTimeout(done, 200);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
}

export interface MapViewProps {
  lat: number;
  lng: number;
  zoom?: number;
  /** Tailwind height class; the spec's feed map is 60 units (h-60, 240 px). */
  heightClass?: string;
  className?: string;
  /** Mount Leaflet at once (a single post page) instead of when the box scrolls near the viewport. */
  eager?: boolean;
  /** The region's name; every map on a page needs its own (a list shows one per report). */
  label?: string;
}

/**
 * A small map of one reported point (spec 2.6: zoom 14, height 60 units, popup 'Reported Location').
 * The box keeps its height from the first paint (no layout shift) and Leaflet mounts only once the box
 * comes near the viewport, so a long feed does not start dozens of maps.
 */
export function MapView({
  lat,
  lng,
  zoom = UI.postMapZoom,
  heightClass = 'h-60',
  className = '',
  eager = false,
  label,
}: MapViewProps) {
  const ui = useLocalized(POST_CARD_UI);
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(eager);
  // Leaflet (about 50 KB compressed) never competes with the page's first paint: a map in a list
  // mounts once the page has loaded and the browser is idle, and only when its box is near view.
  const [settled, setSettled] = useState(eager);
  useEffect(() => {
    if (settled) return;
    return whenSettled(() => setSettled(true));
  }, [settled]);

  useEffect(() => {
    const node = box.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div
      ref={box}
      role="region"
      aria-label={label ?? ui.mapLabel}
      className={`relative isolate z-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 ${heightClass} ${className}`}
    >
      {/* Until Leaflet mounts (and under its tiles while they load): the pin and its coordinates, not a blank box. */}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-slate-600" aria-hidden="true">
        <Icon name="pin" className="h-8 w-8 text-brand-700" />
        <span className="text-sm font-medium">{ui.reportedLocation}</span>
        <span className="text-xs tabular-nums">
          {lat.toFixed(UI.coordinateDecimals)}, {lng.toFixed(UI.coordinateDecimals)}
        </span>
      </div>
      {visible && settled && (
        <Suspense fallback={null}>
          <PointMap lat={lat} lng={lng} zoom={zoom} />
        </Suspense>
      )}
    </div>
  );
}
