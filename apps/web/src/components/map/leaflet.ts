/**
 * Leaflet set-up shared by every map: its stylesheet from the package and a marker icon bundled with the
 * app (Leaflet's default icon would be looked up on a guessed path; the spec's client took it from a CDN).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { POST_UI } from '@civicpulse/shared';
import { localized, useLocalized } from '../../i18n';

/**
 * A map's container style: the app's font stack rather than Leaflet's (Helvetica/Arial), so Hindi in the
 * attribution and popups renders with the bundled Noto Sans Devanagari instead of empty boxes. Inline, as
 * Tailwind's layered utilities lose to leaflet.css's unlayered .leaflet-container rule.
 */
export const MAP_STYLE = { fontFamily: 'inherit' } as const;

export const markerIconBundled = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

/**
 * The tiles' credit line in the language the app showed when the map code loaded (it is a lazy chunk, so
 * after the language was chosen). Maps that should follow a later switch use useTileAttribution().
 */
export const TILE_ATTRIBUTION = localized(POST_UI).mapAttribution;

/** The tiles' credit line in the current language. */
export function useTileAttribution(): string {
  return useLocalized(POST_UI).mapAttribution;
}
