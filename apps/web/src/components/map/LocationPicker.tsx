/**
 * The Create Civic Issue location picker (spec 2.9): India's centre at zoom 5, locates the reporter on
 * load, a Locate Me button that zooms to 15, a click that sets the point, and the point shown to 5
 * decimals. The locating on load is silent when it fails: nobody should meet a red "permission denied"
 * before doing anything. When the reporter presses Locate Me, a failure shows the spec's two texts, as a
 * toast and inline.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLngLiteral, Map as LeafletMap } from 'leaflet';
import toast from '../../toast';
import { POST_UI, TEXTS, UI } from '@civicpulse/shared';
import { MAP_STYLE, markerIconBundled, useTileAttribution } from './leaflet';
import { useTileUrl } from './useTileUrl';
import { FieldError, type FieldProblem } from '../useFormProblem';
import { localized, useLocalized } from '../../i18n';

/** The toast id of a Locate Me failure (one at a time; dismissed when the picker goes). */
const LOCATE_TOAST = 'geolocation';

export interface LocationPickerProps {
  value: LatLngLiteral | null;
  onChange: (point: LatLngLiteral) => void;
  /** Locate the reporter once when the picker first shows (spec 2.9: "It auto-locates"). */
  autoLocate?: boolean;
  /** Where the map opens (read once, on mount): India's centre by default; the edit modal opens on the
   * report's existing pin. */
  initialCenter?: LatLngLiteral | null;
  /** The zoom it opens at: the spec's 5 by default, or 15 (the located zoom) around an initialCenter. */
  initialZoom?: number;
  className?: string;
  /** The form's problem with the point (none set, outside India), shown under the map. */
  fieldProblem?: FieldProblem;
  /** Drawn on the map over the tiles (the area alert page's circle). */
  overlay?: ReactNode;
}

function ClickToSet({ onChange }: { onChange: (point: LatLngLiteral) => void }) {
  useMapEvents({
    click: (event) => onChange({ lat: event.latlng.lat, lng: event.latlng.lng }),
  });
  return null;
}

function MapHandle({ onReady }: { onReady: (map: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => onReady(map), [map, onReady]);
  return null;
}

/** A coordinate to the spec's 5 decimals (the same in en-IN and hi-IN, which both write Latin digits). */
export function formatCoordinate(value: number): string {
  return value.toFixed(UI.coordinateDecimals);
}

export function LocationPicker({
  value,
  onChange,
  autoLocate = true,
  initialCenter = null,
  initialZoom,
  className = '',
  fieldProblem,
  overlay,
}: LocationPickerProps) {
  const tileUrl = useTileUrl();
  const attribution = useTileAttribution();
  const ui = useLocalized(POST_UI);
  const mapRef = useRef<LeafletMap | null>(null);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onReady = useCallback((map: LeafletMap) => {
    mapRef.current = map;
  }, []);

  // A fix that arrives after the picker is gone (the reporter moved on) is dropped, and its toast with it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      toast.dismiss(LOCATE_TOAST);
    };
  }, []);

  const fail = useCallback((text: string) => {
    if (!mounted.current) return;
    setProblem(text);
    toast.error(text, { id: LOCATE_TOAST });
  }, []);

  /** `asked`: the reporter pressed Locate Me (a fresh fix, and a failure is reported); else the silent try on load. */
  const locate = useCallback((asked: boolean) => {
    if (!('geolocation' in navigator)) {
      if (asked) fail(localized(TEXTS).errors.geolocationUnsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        setLocating(false);
        setProblem(null);
        onChange(point);
        mapRef.current?.setView(point, UI.pickerLocatedZoom);
      },
      () => {
        if (!mounted.current) return;
        setLocating(false);
        if (asked) fail(localized(TEXTS).errors.locationDenied);
      },
      // Locate Me asks for a fresh fix; the automatic one on load may reuse a recent one.
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: asked ? 0 : 60_000 },
    );
  }, [fail, onChange]);

  const autoLocated = useRef(false);
  useEffect(() => {
    if (!autoLocate || autoLocated.current) return;
    autoLocated.current = true;
    locate(false);
  }, [autoLocate, locate]);

  return (
    <div className={className}>
      <div className="relative isolate z-0 h-72 overflow-hidden rounded-xl border border-slate-300 bg-slate-100 sm:h-80">
        <MapContainer
          center={initialCenter ? [initialCenter.lat, initialCenter.lng] : [UI.pickerCentre.lat, UI.pickerCentre.lng]}
          zoom={initialZoom ?? (initialCenter ? UI.pickerLocatedZoom : UI.pickerZoom)}
          className="h-full w-full cursor-crosshair"
          style={MAP_STYLE}
          scrollWheelZoom={false}
        >
          <MapHandle onReady={onReady} />
          {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
          <ClickToSet
            onChange={(point) => {
              setProblem(null);
              onChange(point);
            }}
          />
          {value && <Marker position={value} icon={markerIconBundled} />}
          {overlay}
        </MapContainer>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className="btn-secondary px-3 py-2"
          onClick={() => locate(true)}
          disabled={locating}
          aria-describedby={fieldProblem?.invalid ? fieldProblem.errorId : undefined}
          data-invalid={fieldProblem?.invalid || undefined}
        >
          {locating ? ui.locating : ui.locateMe}
        </button>
        <button
          type="button"
          className="btn-ghost px-3 py-2"
          onClick={() => {
            const centre = mapRef.current?.getCenter();
            if (centre) onChange({ lat: centre.lat, lng: centre.lng });
          }}
        >
          {ui.pinCentre}
        </button>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="picked-coordinates">
          {value ? ui.coordinates(formatCoordinate(value.lat), formatCoordinate(value.lng)) : ui.noPointYet}
        </p>
      </div>
      {problem && (
        <p className="mt-1 text-sm text-red-700" data-testid="locate-problem">
          {problem}
        </p>
      )}
      {fieldProblem && <FieldError problem={fieldProblem} />}
    </div>
  );
}
