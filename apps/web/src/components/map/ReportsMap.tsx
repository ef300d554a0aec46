/**
 * The map of /reports (own chunk, with Leaflet and Supercluster): the reports in view, grouped.
 *
 * The server answers a country or city view as groups per grid cell (kept counts, bounded by the number
 * of cells) and a street-level view as the reports themselves (at most a few hundred, each placed as
 * public views place it). Supercluster merges what arrived at the zoom shown, so neighbouring groups join
 * into one bubble instead of a visible grid. A bubble zooms in when selected (mouse, or Enter on it: the
 * markers are focusable); a report's pin opens a popup with its reference and a link to its page.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L, { type LatLngBounds } from 'leaflet';
import Supercluster from 'supercluster';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INDIA_BOUNDS, NAMES, POST_UI, REPORTS_UI, type Category, type ProgressState, type PublicMapPoint } from '@civicpulse/shared';
import { call } from '../../api/client';
import { useLocalized } from '../../i18n';
import { MAP_STYLE, useTileAttribution } from './leaflet';
import { useTileUrl } from './useTileUrl';

export interface ReportsMapProps {
  category?: Category | undefined;
  progress?: ProgressState | undefined;
  /** Where the map opens (the page keeps it in its address, `map=lat,lng,zoom`); the whole of India when absent. */
  start?: MapSpot | undefined;
  /** Called after every pan or zoom with the centre and zoom, for the address. */
  onMove?: (spot: MapSpot) => void;
}

export interface MapSpot {
  lat: number;
  lng: number;
  zoom: number;
}

interface View {
  bbox: string;
  bounds: [number, number, number, number];
  zoom: number;
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
function viewOf(b: LatLngBounds, zoom: number): View {
  const bounds: View['bounds'] = [clamp(b.getWest(), -180, 180), clamp(b.getSouth(), -90, 90), clamp(b.getEast(), -180, 180), clamp(b.getNorth(), -90, 90)];
  return { bbox: bounds.map(round).join(','), bounds, zoom };
}

function Viewport({ onChange, onMove }: { onChange: (view: View) => void; onMove?: ((spot: MapSpot) => void) | undefined }) {
  const map = useMapEvents({
    moveend: () => {
      onChange(viewOf(map.getBounds(), map.getZoom()));
      const c = map.getCenter();
      onMove?.({ lat: c.lat, lng: c.lng, zoom: map.getZoom() });
    },
  });
  useEffect(() => onChange(viewOf(map.getBounds(), map.getZoom())), [map, onChange]);
  return null;
}

/** What Supercluster indexes: a server group (count > 1 possible) or one report. */
interface Props {
  count: number;
  point?: PublicMapPoint;
}

const BUBBLE_STYLE =
  'display:flex;align-items:center;justify-content:center;border-radius:9999px;background:#1d4ed8;color:#fff;font-weight:700;font-size:13px;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.35);';

function bubble(count: number, label: string): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 54;
  const text = count < 10000 ? String(count) : `${Math.round(count / 1000)}k`;
  return L.divIcon({
    className: '',
    iconSize: [size, size],
    // Inline styles: the bubble is drawn by Leaflet outside React, and its look belongs to this chunk only.
    html: `<span style="${BUBBLE_STYLE}width:${size}px;height:${size}px"><span aria-hidden="true">${text}</span><span class="sr-only">${label}</span></span>`,
  });
}

function Bubble({ lat, lng, count, zoomTo }: { lat: number; lng: number; count: number; zoomTo: number }) {
  const map = useMap();
  const ui = useLocalized(REPORTS_UI);
  const icon = useMemo(() => bubble(count, ui.mapCluster(count)), [count, ui]);
  return (
    <Marker
      position={[lat, lng]}
      icon={icon}
      title={ui.mapCluster(count)}
      eventHandlers={{ click: () => map.setView([lat, lng], Math.min(zoomTo, map.getMaxZoom())) }}
    />
  );
}

const PIN_COLOURS: Record<string, string> = { Unseen: '#b45309', Finished: '#15803d' };

/** A report: a dot coloured by progress (amber open, blue in progress, green finished), focusable like the bubbles. */
function pinIcon(progress: ProgressState): L.DivIcon {
  const colour = PIN_COLOURS[progress] ?? '#1d4ed8';
  return L.divIcon({
    className: '',
    iconSize: [22, 22],
    popupAnchor: [0, -8],
    html: `<span style="display:block;width:22px;height:22px;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>`,
  });
}

function Pin({ point }: { point: PublicMapPoint }) {
  const ui = useLocalized(REPORTS_UI);
  const post = useLocalized(POST_UI);
  const names = useLocalized(NAMES);
  const icon = useMemo(() => pinIcon(point.progressState), [point.progressState]);
  return (
    <Marker position={[point.lat, point.lng]} icon={icon} title={point.caption} alt={point.caption}>
      <Popup>
        <p className="m-0 text-sm font-semibold text-slate-900">{point.caption}</p>
        <p className="m-0 mt-1 text-xs text-slate-600">
          {post.reference(point.reference)} · {names.categories[point.category].name} · {names.progress[point.progressState] ?? point.progressState}
        </p>
        <Link to={`/post/${point._id}`} className="mt-2 inline-block text-sm font-semibold text-blue-700 underline">
          {ui.openReport}
        </Link>
      </Popup>
    </Marker>
  );
}

function Layer({ view, category, progress }: ReportsMapProps & { view: View }) {
  const ui = useLocalized(REPORTS_UI);
  const map = useQuery({
    queryKey: ['posts', 'public', 'map', view.bbox, category ?? '', progress ?? ''] as const,
    queryFn: ({ signal }) => call('GET /api/public/map', { query: { bbox: view.bbox, category, progress }, auth: false, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const index = useMemo(() => {
    const data = map.data;
    const sc = new Supercluster<Props, { count: number }>({
      // About a grid cell at the zoom the server picks its level for, so neighbouring cells join.
      radius: 64,
      // From zoom 16 (a few streets in view) every report is its own pin.
      maxZoom: 15,
      map: (p) => ({ count: p.count }),
      reduce: (acc, p) => {
        acc.count += p.count;
      },
    });
    const features: Array<Supercluster.PointFeature<Props>> = [
      ...(data?.clusters ?? []).map((c) => ({ type: 'Feature' as const, properties: { count: c.count }, geometry: { type: 'Point' as const, coordinates: [c.lng, c.lat] } })),
      ...(data?.points ?? []).map((p) => ({ type: 'Feature' as const, properties: { count: 1, point: p }, geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] } })),
    ];
    sc.load(features);
    return sc;
  }, [map.data]);
  const features = index.getClusters(view.bounds, Math.round(view.zoom));
  const zoomIn = Math.max(view.zoom + 2, map.data?.cellSize === 1 ? 7 : map.data?.cellSize === 0.1 ? 10 : 13);
  return (
    <>
      {features.map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        if ('cluster' in f.properties && f.properties.cluster) {
          const id = f.properties.cluster_id;
          return <Bubble key={`c${id}`} lat={lat} lng={lng} count={f.properties.count} zoomTo={Math.max(index.getClusterExpansionZoom(id), zoomIn)} />;
        }
        const props = f.properties as Props;
        if (props.point) return <Pin key={props.point._id} point={props.point} />;
        return <Bubble key={`g${lat},${lng}`} lat={lat} lng={lng} count={props.count} zoomTo={zoomIn} />;
      })}
      {map.data?.truncated && map.data.points.length > 0 && (
        <div className="leaflet-bottom leaflet-left">
          <p className="leaflet-control m-2 rounded bg-white/95 px-2 py-1 text-xs text-slate-800 shadow" role="status">
            {ui.mapTruncated(map.data.points.length)}
          </p>
        </div>
      )}
      {map.isError && (
        <div className="leaflet-top leaflet-right">
          <p className="leaflet-control m-2 rounded bg-white/95 px-2 py-1 text-xs text-red-700 shadow" role="alert">
            {ui.mapFailed}
          </p>
        </div>
      )}
    </>
  );
}

export default function ReportsMap({ category, progress, start, onMove }: ReportsMapProps) {
  const tileUrl = useTileUrl();
  const attribution = useTileAttribution();
  const [view, setView] = useState<View | null>(null);
  // Only the first render's start counts: later ones are the map's own moves written back to the address.
  const [opening] = useState(start);
  return (
    <MapContainer
      {...(opening
        ? { center: [opening.lat, opening.lng] as [number, number], zoom: opening.zoom }
        : {
            bounds: [
              [INDIA_BOUNDS.minLat, INDIA_BOUNDS.minLng],
              [INDIA_BOUNDS.maxLat, INDIA_BOUNDS.maxLng],
            ] as [[number, number], [number, number]],
          })}
      className="h-full w-full"
      style={MAP_STYLE}
      // The page scrolls past the map: the wheel scrolls the page; +/- buttons, keys and pinch zoom the map.
      scrollWheelZoom={false}
      maxZoom={18}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      <Viewport onChange={setView} onMove={onMove} />
      {view && <Layer view={view} category={category} progress={progress} />}
    </MapContainer>
  );
}
