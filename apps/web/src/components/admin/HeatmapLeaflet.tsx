/** The heatmap's Leaflet part (own chunk): aggregated cells as circles sized and coloured by their open reports. */
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMapEvents } from 'react-leaflet';
import type { LatLngBounds } from 'leaflet';
import { ADMIN_UI, INDIA_BOUNDS } from '@civicpulse/shared';
import { useHeatmap } from '../../api/admin';
import { TILE_ATTRIBUTION } from '../map/leaflet';
import { useTileUrl } from '../map/useTileUrl';
import { useLocalized } from '../../i18n';

const round = (v: number) => Math.round(v * 1000) / 1000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
function bboxOf(b: LatLngBounds): string {
  return [clamp(b.getWest(), -180, 180), clamp(b.getSouth(), -90, 90), clamp(b.getEast(), -180, 180), clamp(b.getNorth(), -90, 90)].map(round).join(',');
}

function Bounds({ onChange }: { onChange: (bbox: string) => void }) {
  const map = useMapEvents({ moveend: () => onChange(bboxOf(map.getBounds())) });
  useEffect(() => onChange(bboxOf(map.getBounds())), [map, onChange]);
  return null;
}

function colour(share: number): string {
  if (share > 0.66) return '#b91c1c';
  if (share > 0.33) return '#ea580c';
  return '#f59e0b';
}

export default function HeatmapLeaflet() {
  const tileUrl = useTileUrl();
  const ui = useLocalized(ADMIN_UI);
  const [bbox, setBbox] = useState<string | null>(null);
  const heat = useHeatmap(bbox);
  const cells = heat.data?.cells ?? [];
  const max = cells.reduce((m, c) => Math.max(m, c.count), 1);
  return (
    <MapContainer
      bounds={[
        [INDIA_BOUNDS.minLat, INDIA_BOUNDS.minLng],
        [INDIA_BOUNDS.maxLat, INDIA_BOUNDS.maxLng],
      ]}
      className="h-full w-full"
      scrollWheelZoom={false}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />}
      <Bounds onChange={setBbox} />
      {cells.map((c) => {
        const share = c.count / max;
        return (
          <CircleMarker
            key={`${c.lat},${c.lng}`}
            center={[c.lat, c.lng]}
            radius={6 + 18 * Math.sqrt(share)}
            pathOptions={{ color: colour(share), fillColor: colour(share), fillOpacity: 0.55, weight: 1 }}
          >
            <Tooltip>{ui.heatmapCell(c.count)}</Tooltip>
          </CircleMarker>
        );
      })}
    </MapContainer>
  );
}
