/** Open data rows → CSV lines and GeoJSON features: no person in them (no names, emails, account ids, comment text). */
import { CATEGORIES, OPEN_DATA_COLUMNS, publicCoordinate } from '@civicpulse/shared';
import { csvField } from '../admin/index.js';
import type { OpenDataRow } from '../../db/rows.js';

const NAMES = OPEN_DATA_COLUMNS.map(([name]) => name);

function values(row: OpenDataRow): Array<string | number | null> {
  const finished = Number(row.finished) === 1;
  return [
    row.id,
    row.created_at,
    row.category,
    CATEGORIES[row.category]?.name ?? row.category,
    row.caption,
    row.priority,
    finished ? 'closed' : 'open',
    row.progress_state,
    row.state,
    row.city,
    row.pincode,
    publicCoordinate(Number(row.lat), finished),
    publicCoordinate(Number(row.lng), finished),
    row.department_name,
    Number(row.upvote_count),
    Number(row.downvote_count),
    Number(row.comment_count),
    row.resolved_at,
  ];
}

export const OPEN_DATA_CSV_HEADER = `${NAMES.join(',')}\r\n`;

export function openDataCsvLine(row: OpenDataRow): string {
  return `${values(row).map(csvField).join(',')}\r\n`;
}

/** RFC 7946 Feature: coordinates [lng, lat]; lat/lng also stay out of the properties. */
export function openDataFeature(row: OpenDataRow): string {
  const v = values(row);
  const properties = Object.fromEntries(NAMES.map((n, i) => [n, v[i]]).filter(([n]) => n !== 'lat' && n !== 'lng'));
  return JSON.stringify({ type: 'Feature', id: row.id, geometry: { type: 'Point', coordinates: [v[12], v[11]] }, properties });
}
