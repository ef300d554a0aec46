/**
 * Area alerts (issue 27 item 6): the limits, texts and pure functions (the grid, distances, matching)
 * shared by the server and the alerts page. No zod here, so the page's chunk does not carry it; the
 * request schemas are in alerts.ts.
 */
import type { Category } from './categories.js';

export const ALERT_LIMITS = {
  /** Alerts one account may keep. */
  perAccount: 10,
  /** The radii the page offers (metres); the API takes any whole number in [radiusMin, radiusMax]. */
  radii: [250, 500, 1000, 2000, 5000],
  radiusMin: 100,
  radiusMax: 5000,
  labelMaxChars: 60,
  /** The matching grid's cell, in degrees (about 2.2 km of latitude): an alert is stored under every cell its circle touches. */
  cellDegrees: 0.02,
} as const;

/** The server's answers (localized like every message). */
export const ALERT_TEXTS = {
  saved: 'Area alert saved. New reports inside it will reach you.',
  deleted: 'Area alert deleted',
  notFound: 'Area alert not found',
  tooMany: 'You can keep at most 10 area alerts. Delete one to add another.',
  placeInvalid: 'Please choose a place in India on the map',
  radiusInvalid: 'Please choose a radius between 100 m and 5 km',
  labelRequired: 'Please give the alert a name',
  labelTooLong: 'The name can be at most 60 characters',
} as const;


/** The grid cell of a point ("row:column"). */
export function alertCell(lat: number, lng: number): string {
  return `${Math.floor(lat / ALERT_LIMITS.cellDegrees)}:${Math.floor(lng / ALERT_LIMITS.cellDegrees)}`;
}

/** Every cell a circle's bounding box touches (at most 30 for the largest radius in India's latitudes). */
export function alertCells(lat: number, lng: number, radiusMeters: number): string[] {
  const dLat = radiusMeters / 111_320;
  const dLng = radiusMeters / (111_320 * Math.max(0.2, Math.cos((lat * Math.PI) / 180)));
  const size = ALERT_LIMITS.cellDegrees;
  const out: string[] = [];
  for (let r = Math.floor((lat - dLat) / size); r <= Math.floor((lat + dLat) / size); r++) {
    for (let c = Math.floor((lng - dLng) / size); c <= Math.floor((lng + dLng) / size); c++) out.push(`${r}:${c}`);
  }
  return out;
}

/** Great-circle distance in metres (haversine). */
export function metersBetween(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a report at (lat, lng) of `category` is one the alert asks for. */
export function alertMatches(alert: { lat: number; lng: number; radiusMeters: number; category: Category | null }, lat: number, lng: number, category: Category): boolean {
  if (alert.category && alert.category !== category) return false;
  return metersBetween(alert.lat, alert.lng, lat, lng) <= alert.radiusMeters;
}

/** The alerts page (loaded on demand). */
export const ALERT_UI = {
  heading: 'Area alerts',
  intro: 'Hear about new reports near your home, school or shop: pick a place on the map, a radius and, if you like, one category.',
  listHeading: 'My alerts',
  empty: 'No area alerts yet. Add one below.',
  addHeading: 'Add an area alert',
  pickPlace: 'Click the map to choose the centre, or move the map and press “Pin the map centre”.',
  label: 'Name',
  labelPlaceholder: 'e.g. Home, School',
  radius: 'Radius',
  category: 'Category',
  anyCategory: 'Every category',
  save: 'Save alert',
  saving: 'Saving…',
  delete: 'Delete',
  deleteLabel: (label: string) => `Delete the alert "${label}"`,
  within: (radius: string) => `Within ${radius}`,
  howYouHear: 'New reports inside an alert arrive in your notifications, and by email as chosen in Settings.',
  kilometres: (n: number) => `${n} km`,
  metres: (n: number) => `${n} m`,
  failed: 'Could not load your area alerts',
  /** Settings' link to the page. */
  settingsLink: 'Area alerts',
  settingsIntro: 'Hear about new reports near places you choose.',
} as const;
