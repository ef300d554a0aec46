/** The Leaflet part of MapView, loaded on demand so pages without a visible map skip Leaflet entirely. */
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { POST_UI, UI } from '@civicpulse/shared';
import { markerIconBundled, TILE_ATTRIBUTION } from './leaflet';
import { useTileUrl } from './useTileUrl';

export interface PointMapProps {
  lat: number;
  lng: number;
  zoom?: number;
}

export default function PointMap({ lat, lng, zoom = UI.postMapZoom }: PointMapProps) {
  const tileUrl = useTileUrl();
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={zoom}
      className="h-full w-full"
      // A map inside a scrolling list must not capture the page's scroll or swipe.
      scrollWheelZoom={false}
      dragging={false}
      touchZoom={false}
      doubleClickZoom={false}
      boxZoom={false}
      keyboard={false}
      attributionControl
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={TILE_ATTRIBUTION} />}
      <Marker position={[lat, lng]} icon={markerIconBundled}>
        <Popup>{POST_UI.reportedLocation}</Popup>
      </Marker>
    </MapContainer>
  );
}
