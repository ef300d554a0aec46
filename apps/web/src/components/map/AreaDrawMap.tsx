/**
 * The Leaflet part of the jurisdiction editor (loaded on demand): click the map to add a corner of the
 * area; the corners are drawn as a polygon. Keyboard users paste GeoJSON in the editor's text box instead.
 */
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MAP_STYLE, useTileAttribution } from './leaflet';
import { useTileUrl } from './useTileUrl';

export interface AreaDrawMapProps {
  /** [lat, lng] corners, in drawing order. */
  points: Array<[number, number]>;
  onAdd: (point: [number, number]) => void;
  center: [number, number];
  zoom: number;
  /** When set (a loaded or pasted area), the map fits these corners instead. */
  fit: Array<[number, number]> | null;
}

function Clicks({ onAdd }: { onAdd: AreaDrawMapProps['onAdd'] }) {
  useMapEvents({ click: (e) => onAdd([Number(e.latlng.lat.toFixed(5)), Number(e.latlng.lng.toFixed(5))]) });
  return null;
}

/** Follows a new centre (a state chosen, an area pasted) without re-creating the map. */
function Recenter({ center, zoom, fit }: { center: [number, number]; zoom: number; fit: Array<[number, number]> | null }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    if (fit && fit.length >= 2) map.fitBounds(fit, { padding: [24, 24] });
    else map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom, fit]);
  return null;
}

export default function AreaDrawMap({ points, onAdd, center, zoom, fit }: AreaDrawMapProps) {
  const tileUrl = useTileUrl();
  const attribution = useTileAttribution();
  return (
    <MapContainer center={center} zoom={zoom} className="h-full w-full" style={MAP_STYLE} scrollWheelZoom={false} attributionControl>
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      <Clicks onAdd={onAdd} />
      <Recenter center={center} zoom={zoom} fit={fit} />
      {points.length >= 3 ? (
        <Polygon positions={points} pathOptions={{ color: '#0f766e', weight: 2 }} />
      ) : points.length === 2 ? (
        <Polyline positions={points} pathOptions={{ color: '#0f766e', weight: 2 }} />
      ) : null}
      {points.map((p, i) => (
        <CircleMarker key={`${i}-${p[0]}-${p[1]}`} center={p} radius={5} pathOptions={{ color: '#0f766e', fillOpacity: 0.9 }} />
      ))}
    </MapContainer>
  );
}
