/**
 * Rows → GeoReport v2 shapes, and those shapes → JSON or XML. Times are ISO 8601 in India Standard
 * Time with an explicit +05:30 offset (the standard asks for an offset; IST is what partner systems in
 * India show), whole seconds.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { CATEGORIES, CATEGORY_LIST, publicCoordinate, type Category, type Open311Key } from '@civicpulse/shared';
import { fileUrl } from '../../lib/urls.js';
import type { RequestRow } from '../../db/rows.js';
import type { KeyRow, LatestMove } from './repo.js';

export type Format = 'json' | 'xml';
export const SPEC_URL = 'http://wiki.open311.org/GeoReport_v2';

const IST_OFFSET_MS = 5.5 * 3600 * 1000;

/** 2026-11-23T15:00:00.000Z → 2026-11-23T20:30:00+05:30 */
export function toIst(iso: string): string {
  return `${new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

const GROUPS: Record<Category, string> = {
  roads: 'Roads and transport',
  streetlights: 'Roads and transport',
  traffic: 'Roads and transport',
  garbage: 'Sanitation',
  drainage: 'Sanitation',
  toilets: 'Sanitation',
  water: 'Water',
  parks: 'Public spaces',
  encroachment: 'Public spaces',
  animals: 'Public spaces',
  noise: 'Public spaces',
  other: 'Other',
};

export interface Open311Service {
  service_code: string;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime';
  keywords: string;
  group: string;
}

export function presentService(code: Category): Open311Service {
  const c = CATEGORIES[code];
  const words = c.name.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 2 && w !== 'and');
  return { service_code: code, service_name: c.name, description: c.description, metadata: false, type: 'realtime', keywords: [code, ...words.filter((w) => w !== code)].join(', '), group: GROUPS[code] };
}

export const presentServices = (): Open311Service[] => CATEGORY_LIST.map((c) => presentService(c.code as Category));

export interface Open311Request {
  service_request_id: string;
  status: 'open' | 'closed';
  status_notes: string;
  service_name: string;
  service_code: string;
  description: string;
  agency_responsible: string | null;
  service_notice: string | null;
  requested_datetime: string;
  updated_datetime: string;
  expected_datetime: string | null;
  address: string;
  address_id: string | null;
  zipcode: string;
  lat: number;
  long: number;
  media_url: string | null;
  /**
   * Only with `extensions=true` (the GeoReport v2 extensions convention, as Chicago's Open311 server
   * has it): what the standard has no field for, here the report's reference number.
   */
  extended_attributes?: { reference: string };
}

function statusNotes(row: RequestRow, move: LatestMove | undefined): string {
  const note = move?.note?.trim() || move?.final_caption?.trim();
  if (note) return note;
  if (move) return `Moved to ${move.to_state}`;
  return row.progress_state === 'Unseen' ? 'Reported; not yet taken over by a department' : row.progress_state;
}

export function presentRequests(
  rows: RequestRow[],
  moves: LatestMove[],
  photos: Array<{ post_id: string; key: string }>,
  origin: string,
  extensions = false,
): Open311Request[] {
  const moveOf = new Map(moves.map((m) => [m.post_id, m]));
  const photoOf = new Map<string, string>();
  for (const p of photos) if (!photoOf.has(p.post_id)) photoOf.set(p.post_id, p.key);
  return rows.map((row) => {
    const move = moveOf.get(row.id);
    const finished = Number(row.finished) === 1;
    const updated = move && move.created_at > row.updated_at ? move.created_at : row.updated_at;
    const photo = photoOf.get(row.id);
    return {
      service_request_id: row.id,
      status: finished ? 'closed' : 'open',
      status_notes: statusNotes(row, move),
      service_name: CATEGORIES[row.category]?.name ?? row.category,
      service_code: row.category,
      description: row.caption,
      agency_responsible: row.department_name,
      service_notice: null,
      requested_datetime: toIst(row.created_at),
      updated_datetime: toIst(updated),
      expected_datetime: null,
      address: row.address,
      address_id: null,
      zipcode: row.pincode,
      // The same rule as the open data export: an open report's pin is published to about 100 m.
      lat: publicCoordinate(Number(row.lat), finished),
      long: publicCoordinate(Number(row.lng), finished),
      media_url: photo ? fileUrl(origin, photo) : null,
      ...(extensions ? { extended_attributes: { reference: row.reference } } : {}),
    };
  });
}

export interface Open311Error {
  code: number;
  description: string;
}

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false, suppressBooleanAttributes: false });

/** null → an empty element; nested arrays become repeated elements under their key; text is escaped by the builder. */
function forXml(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  // XML 1.0 has no way to carry most control characters, even escaped: they are dropped.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (typeof value === 'string') return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  if (Array.isArray(value)) return value.map(forXml);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forXml(v)]));
  return value;
}

/** An XML document: root element holding `items` as repeated `item` elements, or one object's fields. */
export function xmlDocument(root: string, item: string | null, body: unknown): string {
  const inner = item === null ? forXml(body) : { [item]: forXml(body) };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ [root]: inner }) as string}`;
}

export const contentType = (format: Format) => (format === 'xml' ? 'text/xml; charset=utf-8' : 'application/json; charset=utf-8');

export function presentKey(row: KeyRow): Open311Key {
  return {
    _id: row.id,
    name: row.name,
    contact: row.contact,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    requestCount: Number(row.request_count),
    revokedAt: row.revoked_at,
    accountId: row.account_id,
  };
}
