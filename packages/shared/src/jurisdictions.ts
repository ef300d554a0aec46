/**
 * Department jurisdictions (issue 16 items 3-5): where a department works and which kinds of report it
 * handles, the one rule that says whether a report is its business, and the View Issues area filter.
 * One pure validator and matcher serve the server (authoritative, routing) and the web editor.
 *
 * The matching rule (documented in docs/api.md "Jurisdictions" too):
 *   a report matches a department when
 *     the report's state equals the jurisdiction's state, AND
 *     its category is one the department handles (no category chosen = every category), AND
 *     - the jurisdiction lists no city, no pincode and no drawn area (= the whole state), OR
 *     - the report's pincode is one of the listed pincodes, OR
 *     - the report's city (trimmed, case-insensitive) is one of the listed cities, OR
 *     - one comma-separated part of the report's address is one of the listed cities, OR
 *     - the report's point lies inside the drawn area (Polygon or MultiPolygon, holes respected).
 */
import { z } from 'zod';
import { CATEGORY_CODES, isCategory, type Category } from './categories.js';
import { INDIA_BOUNDS, INDIAN_STATES } from './constants.js';
import { JURISDICTION_LIMITS, JURISDICTION_TEXTS } from './jurisdictionTexts.js';

export { JURISDICTION_LIMITS, JURISDICTION_TEXTS } from './jurisdictionTexts.js';

export const AREA_FILTERS = ['mine', 'all'] as const;
export type AreaFilter = (typeof AREA_FILTERS)[number];

/** '' / absent: the default (mine); anything else unknown: null (400). */
export function parseAreaFilter(value: unknown): AreaFilter | null | undefined {
  if (value === undefined || value === '') return undefined;
  return (AREA_FILTERS as readonly unknown[]).includes(value) ? (value as AreaFilter) : null;
}

export type Position = [lng: number, lat: number];
export type GeoArea = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface Jurisdiction {
  state: string;
  cities: string[];
  pincodes: string[];
  /** Empty: every category. */
  categories: Category[];
  area: GeoArea | null;
}

/** What a report is matched on. */
export interface RoutableReport {
  state: string;
  city: string;
  pincode: string;
  address: string;
  category: string;
  lat: number;
  lng: number;
}

export const jurisdictionSchema = z.object({
  state: z.string(),
  cities: z.array(z.string()),
  pincodes: z.array(z.string()),
  categories: z.array(z.enum(CATEGORY_CODES)),
  area: z
    .union([
      z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
      z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
    ])
    .nullable(),
});

/** A department's declared jurisdiction, or null when it has declared none. */
export const jurisdictionAnswer = z.object({ jurisdiction: jurisdictionSchema.nullable() });
export const jurisdictionSaved = z.object({ message: z.string(), jurisdiction: jurisdictionSchema, rerouted: z.number() });

/** Lower case, single spaces, trimmed: how cities are stored and compared. */
export function normalizeCity(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase();
}

const hasNul = (s: string) => s.includes('\u0000');
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function validRing(ring: unknown): ring is Position[] {
  if (!Array.isArray(ring) || ring.length < 4) return false;
  for (const p of ring) {
    if (!Array.isArray(p) || p.length !== 2 || !isFiniteNumber(p[0]) || !isFiniteNumber(p[1])) return false;
  }
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  return first[0] === last[0] && first[1] === last[1];
}

function insideIndia([lng, lat]: Position): boolean {
  return lat >= INDIA_BOUNDS.minLat && lat <= INDIA_BOUNDS.maxLat && lng >= INDIA_BOUNDS.minLng && lng <= INDIA_BOUNDS.maxLng;
}

/** The area as a list of polygons (each: outer ring, then holes), or an error text. */
function validateArea(value: unknown): { ok: true; area: GeoArea | null } | { ok: false; message: string } {
  if (value === null || value === undefined) return { ok: true, area: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: JURISDICTION_TEXTS.invalidArea };
  const v = value as { type?: unknown; coordinates?: unknown };
  let polygons: unknown[];
  if (v.type === 'Polygon') polygons = [v.coordinates];
  else if (v.type === 'MultiPolygon' && Array.isArray(v.coordinates)) polygons = v.coordinates;
  else return { ok: false, message: JURISDICTION_TEXTS.invalidArea };
  if (polygons.length === 0 || polygons.length > JURISDICTION_LIMITS.polygonsMax) return { ok: false, message: JURISDICTION_TEXTS.invalidArea };
  let vertices = 0;
  for (const poly of polygons) {
    if (!Array.isArray(poly) || poly.length === 0 || poly.length > JURISDICTION_LIMITS.verticesMax) return { ok: false, message: JURISDICTION_TEXTS.invalidArea };
    for (const ring of poly) {
      if (Array.isArray(ring)) vertices += ring.length;
      if (vertices > JURISDICTION_LIMITS.verticesMax) return { ok: false, message: JURISDICTION_TEXTS.areaTooBig };
      if (!validRing(ring)) return { ok: false, message: JURISDICTION_TEXTS.invalidArea };
      if (!ring.every(insideIndia)) return { ok: false, message: JURISDICTION_TEXTS.areaOutsideIndia };
    }
  }
  const clean = (poly: Position[][]) => poly.map((ring) => ring.map(([lng, lat]) => [lng, lat] as Position));
  const area: GeoArea =
    v.type === 'Polygon'
      ? { type: 'Polygon', coordinates: clean(v.coordinates as Position[][]) }
      : { type: 'MultiPolygon', coordinates: (v.coordinates as Position[][][]).map(clean) };
  return { ok: true, area };
}

/**
 * Checks and normalises a declared jurisdiction (the body of PUT /api/gov/jurisdiction). Cities are
 * stored as typed (trimmed, de-duplicated case-insensitively), pincodes de-duplicated, categories in
 * CATEGORY_CODES order.
 */
export function validateJurisdiction(input: unknown): { ok: true; value: Jurisdiction } | { ok: false; message: string } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, message: JURISDICTION_TEXTS.bodyShape };
  const b = input as Record<string, unknown>;
  const state = typeof b.state === 'string' ? b.state.trim() : '';
  if (!(INDIAN_STATES as readonly string[]).includes(state)) return { ok: false, message: JURISDICTION_TEXTS.invalidState };

  const rawCities = b.cities ?? [];
  if (!Array.isArray(rawCities)) return { ok: false, message: JURISDICTION_TEXTS.invalidCity };
  if (rawCities.length > JURISDICTION_LIMITS.citiesMax) return { ok: false, message: JURISDICTION_TEXTS.tooManyCities };
  const cities: string[] = [];
  const seenCities = new Set<string>();
  for (const c of rawCities) {
    if (typeof c !== 'string' || hasNul(c)) return { ok: false, message: JURISDICTION_TEXTS.invalidCity };
    const shown = c.replace(/\s+/g, ' ').trim();
    if (shown.length === 0 || shown.length > JURISDICTION_LIMITS.cityMaxChars || shown.includes(',')) return { ok: false, message: JURISDICTION_TEXTS.invalidCity };
    const key = normalizeCity(shown);
    if (!seenCities.has(key)) {
      seenCities.add(key);
      cities.push(shown);
    }
  }

  const rawPins = b.pincodes ?? [];
  if (!Array.isArray(rawPins)) return { ok: false, message: JURISDICTION_TEXTS.invalidPincode };
  if (rawPins.length > JURISDICTION_LIMITS.pincodesMax) return { ok: false, message: JURISDICTION_TEXTS.tooManyPincodes };
  const pincodes: string[] = [];
  for (const p of rawPins) {
    const s = typeof p === 'number' && Number.isInteger(p) ? String(p) : p;
    if (typeof s !== 'string' || !/^[1-9][0-9]{5}$/.test(s.trim())) return { ok: false, message: JURISDICTION_TEXTS.invalidPincode };
    if (!pincodes.includes(s.trim())) pincodes.push(s.trim());
  }

  const rawCats = b.categories ?? [];
  if (!Array.isArray(rawCats) || rawCats.length > CATEGORY_CODES.length * 2) return { ok: false, message: JURISDICTION_TEXTS.invalidCategory };
  if (!rawCats.every(isCategory)) return { ok: false, message: JURISDICTION_TEXTS.invalidCategory };
  const chosen = new Set<Category>(rawCats);
  // Every category ticked means the same as none: all of them (stored as none, so new categories are included too).
  const categories = chosen.size === CATEGORY_CODES.length ? [] : CATEGORY_CODES.filter((c) => chosen.has(c));

  const area = validateArea(b.area);
  if (!area.ok) return area;
  return { ok: true, value: { state, cities, pincodes, categories, area: area.area } };
}

function inRing(ring: Position[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point is inside the area (inside an outer ring and outside its holes). */
export function pointInArea(area: GeoArea, lat: number, lng: number): boolean {
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  return polygons.some((poly) => poly.length > 0 && inRing(poly[0]!, lng, lat) && !poly.slice(1).some((hole) => inRing(hole, lng, lat)));
}

/** The comma-separated parts of an address, normalised like cities (bounded). */
export function addressParts(address: string): string[] {
  return address
    .split(',')
    .slice(0, JURISDICTION_LIMITS.addressPartsMax)
    .map(normalizeCity)
    .filter((p) => p.length > 0 && p.length <= JURISDICTION_LIMITS.cityMaxChars);
}

/** A jurisdiction with no city, pincode or area covers its whole state. */
export function coversWholeState(j: Pick<Jurisdiction, 'cities' | 'pincodes' | 'area'>): boolean {
  return j.cities.length === 0 && j.pincodes.length === 0 && j.area === null;
}

/** The rule at the top of this file. */
export function matchesJurisdiction(j: Jurisdiction, r: RoutableReport): boolean {
  if (normalizeCity(r.state) !== normalizeCity(j.state)) return false;
  if (j.categories.length > 0 && !(j.categories as string[]).includes(r.category)) return false;
  if (coversWholeState(j)) return true;
  if (j.pincodes.includes(r.pincode.trim())) return true;
  const cities = new Set(j.cities.map(normalizeCity));
  if (r.city && cities.has(normalizeCity(r.city))) return true;
  if (addressParts(r.address).some((p) => cities.has(p))) return true;
  return j.area !== null && pointInArea(j.area, r.lat, r.lng);
}

/**
 * Index keys: a department is a candidate for a report when they share one key; matchesJurisdiction
 * then decides. Keys are per state, so a report in Pune is never checked against Delhi's departments.
 */
export function jurisdictionKeys(j: Jurisdiction): string[] {
  const state = normalizeCity(j.state);
  if (coversWholeState(j)) return [`s|${state}`];
  const keys = new Set<string>();
  for (const p of j.pincodes) keys.add(`p|${state}|${p}`);
  for (const c of j.cities) keys.add(`c|${state}|${normalizeCity(c)}`);
  if (j.area) keys.add(`a|${state}`);
  return [...keys];
}

export function reportKeys(r: RoutableReport): string[] {
  const state = normalizeCity(r.state);
  const keys = new Set([`s|${state}`, `a|${state}`, `p|${state}|${r.pincode.trim()}`]);
  if (r.city) keys.add(`c|${state}|${normalizeCity(r.city)}`);
  for (const p of addressParts(r.address)) keys.add(`c|${state}|${p}`);
  return [...keys];
}
