/** The Leaflet part of MapView, loaded on demand so pages without a visible map skip Leaflet entirely. */
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { POST_UI, UI } from '@civicpulse/shared';
import { MAP_STYLE, markerIconBundled, useTileAttribution } from './leaflet';
import { useTileUrl } from './useTileUrl';
import { useLocalized } from '../../i18n';

export interface PointMapProps {
  lat: number;
  lng: number;
  zoom?: number;
}

export default function PointMap({ lat, lng, zoom = UI.postMapZoom }: PointMapProps) {
  const tileUrl = useTileUrl();
  const attribution = useTileAttribution();
  const ui = useLocalized(POST_UI);
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={zoom}
      className="h-full w-full"
      style={MAP_STYLE}
      // A map inside a scrolling list must not capture the page's scroll or swipe.
      scrollWheelZoom={false}
      dragging={false}
      touchZoom={false}
      doubleClickZoom={false}
      boxZoom={false}
      keyboard={false}
      attributionControl
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      <Marker position={[lat, lng]} icon={markerIconBundled}>
        <Popup>{ui.reportedLocation}</Popup>
      </Marker>
    </MapContainer>
  );
}
