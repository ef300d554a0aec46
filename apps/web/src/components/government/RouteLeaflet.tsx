/** The Leaflet part of RouteMap, loaded on demand: the route line and both markers at zoom 14. */
import { useEffect } from 'react';
import { MapContainer, Marker, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import L from 'leaflet';
import { GOV_UI, UI } from '@civicpulse/shared';
import { markerIconBundled, TILE_ATTRIBUTION } from '../map/leaflet';
import { useTileUrl } from '../map/useTileUrl';
import { useLocalized } from '../../i18n';

export interface RouteLeafletProps {
  issue: { lat: number; lng: number };
  /** The official's position; absent when geolocation was refused. */
  from: { lat: number; lng: number } | null;
  /** The route line, [lat, lng] pairs. */
  line: Array<[number, number]> | null;
  straight: boolean;
  /** Bumped by the "Show the whole route" button. */
  fitSignal: number;
}

/** The official's position: a blue dot, told apart from the issue's pin at a glance. */
const officialIcon = L.divIcon({
  className: '',
  html: '<span style="display:block;width:18px;height:18px;border-radius:9999px;background:#1d4ed8;border:3px solid #fff;box-shadow:0 0 0 2px #1d4ed8"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  popupAnchor: [0, -10],
});

function FitOnSignal({ points, signal }: { points: Array<[number, number]>; signal: number }) {
  const map = useMap();
  useEffect(() => {
    if (signal === 0 || points.length < 2) return;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32] });
    // Only the button moves the map; new points alone do not.
  }, [signal, map]);
  return null;
}

export default function RouteLeaflet({ issue, from, line, straight, fitSignal }: RouteLeafletProps) {
  const tileUrl = useTileUrl();
  const ui = useLocalized(GOV_UI);
  const points: Array<[number, number]> = line && line.length > 1 ? line : from ? [[from.lat, from.lng], [issue.lat, issue.lng]] : [];
  return (
    <MapContainer center={[issue.lat, issue.lng]} zoom={UI.routeMapZoom} className="h-full w-full" scrollWheelZoom={false}>
      {tileUrl && <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />}
      <Marker position={[issue.lat, issue.lng]} icon={markerIconBundled}>
        <Popup>{ui.issueLocation}</Popup>
      </Marker>
      {from && (
        <Marker position={[from.lat, from.lng]} icon={officialIcon}>
          <Popup>{ui.yourPosition}</Popup>
        </Marker>
      )}
      {points.length > 1 && (
        <Polyline positions={points} pathOptions={{ color: '#0f766e', weight: 5, opacity: 0.85, dashArray: straight ? '8 8' : undefined }} />
      )}
      <FitOnSignal points={points} signal={fitSignal} />
    </MapContainer>
  );
}
