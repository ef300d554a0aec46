/**
 * Open311 GeoReport v2 and the open data export (issue 16 items 8-11): the limits, texts and admin
 * schemas the server, the web app and the tests share. The wire format of /open311/v2 itself follows
 * the published standard (http://wiki.open311.org/GeoReport_v2), not our API contract.
 */
import { z } from 'zod';
import { INDIAN_STATES } from './constants.js';

export const OPEN311_LIMITS = {
  /** requests.json without dates covers this many days back from end_date (the standard's suggestion). */
  defaultWindowDays: 90,
  pageSizeDefault: 100,
  pageSizeMax: 1000,
  /** service_request_id may list at most this many ids. */
  idsPerQueryMax: 100,
  keyNameMax: 100,
  keyContactMax: 200,
  /** Keys the admin console lists per page. */
  keysPageMax: 100,
  /** Decimal places kept for an open report's lat/long in public answers (3 ≈ 110 m). */
  openPrecision: 3,
} as const;

export const OPEN_DATA_LIMITS = {
  /** Rows read from the database per batch while an export streams. */
  batch: 500,
  /** An export's Cache-Control max-age, seconds. */
  maxAgeSeconds: 300,
  filterMaxChars: 100,
} as const;

export const OPEN311_TEXTS = {
  notFound: 'Not found',
  formatUnknown: 'Format must be json or xml',
  serviceUnknown: 'service_code is not one of our services',
  serviceRequired: 'service_code is required',
  requestNotFound: 'No service request has that id',
  invalidIds: `service_request_id must be a comma-separated list of at most ${OPEN311_LIMITS.idsPerQueryMax} ids`,
  invalidDate: 'start_date and end_date must be ISO 8601 date-times with an offset, e.g. 2026-11-01T00:00:00+05:30',
  invalidDateRange: 'start_date must be before end_date',
  invalidStatus: 'status must be open or closed (or both, comma-separated)',
  invalidPageSize: `page_size must be a whole number from 1 to ${OPEN311_LIMITS.pageSizeMax}`,
  invalidCursor: 'cursor is not one this server gave',
  keyRequired: 'api_key is required to submit a service request',
  keyInvalid: 'api_key is not valid or has been revoked',
  rateLimited: 'Too many requests for this api_key; try again later',
  descriptionRequired: 'description is required',
  descriptionTooLong: 'description must be at most 2000 characters',
  locationRequired: 'lat and long are required (inside India)',
  outsideIndia: 'lat and long must be inside India',
  invalidState: 'attribute[state] must be the name of an Indian state or union territory',
  addressTooLong: 'address_string must be at most 500 characters',
  invalidZipcode: 'zipcode must be a 6-digit Indian pincode',
  invalidMediaUrl: 'media_url must be an http(s) URL of at most 2000 characters',
  unsupportedMediaType: 'Send the request as application/x-www-form-urlencoded or application/json',
  malformedBody: 'The request body could not be read',
  /** service_notice of a created request. */
  created: 'Thank you. Your request is visible to the departments on CivicPulse.',
  mediaNotFetched: 'media_url was not fetched: photos can be added on CivicPulse.',
  internal: 'Something went wrong on our side',
} as const;

export const OPEN311_ADMIN_TEXTS = {
  title: 'API keys',
  intro: 'Partner systems (a city call centre, a municipal app) file reports through Open311 GeoReport v2 with a key issued here.',
  nameLabel: 'Partner name',
  contactLabel: 'Contact (optional)',
  issue: 'Issue key',
  issued: 'API key issued',
  shownOnce: 'Copy this key now: it is shown only once.',
  copy: 'Copy key',
  copied: 'Key copied',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this key? The partner can no longer submit reports with it.',
  revoked: 'API key revoked',
  alreadyRevoked: 'This key is already revoked',
  keyNotFound: 'API key not found',
  empty: 'No API keys yet.',
  nameRequired: 'Partner name is required',
  nameTooLong: `Partner name must be at most ${OPEN311_LIMITS.keyNameMax} characters`,
  contactTooLong: `Contact must be at most ${OPEN311_LIMITS.keyContactMax} characters`,
  columns: { name: 'Partner', prefix: 'Key starts with', created: 'Issued', lastUsed: 'Last used', requests: 'Requests', status: 'Status' },
  active: 'Active',
  revokedStatus: 'Revoked',
  never: 'Never',
} as const;

export const OPEN_DATA_TEXTS = {
  linkLabel: 'Open data',
  title: 'Open data',
  invalidState: 'state must be the name of an Indian state or union territory',
  invalidCategory: 'category must be one of the category codes',
  invalidDate: 'from and to must be dates (YYYY-MM-DD) or ISO 8601 date-times',
  invalidRange: 'from must be before to',
  cityTooLong: `city must be at most ${OPEN_DATA_LIMITS.filterMaxChars} characters`,
  rateLimited: 'Too many downloads from this address; try again in a minute',
} as const;

/** The export's columns, in order, with what each holds (the /open-data page lists them). */
export const OPEN_DATA_COLUMNS = [
  ['id', 'The report id (the same as Open311 service_request_id)'],
  ['created_at', 'When it was reported (ISO 8601, UTC)'],
  ['category', 'Category code (roads, garbage, streetlights, ...)'],
  ['category_name', 'Category name'],
  ['description', 'The report as written by the reporter'],
  ['priority', 'Low, Medium, High or Critical'],
  ['status', 'open, or closed once the reporter confirmed the fix'],
  ['progress', 'The workflow state (Unseen ... Finished)'],
  ['state', 'Indian state or union territory'],
  ['city', 'City or town (blank when the reporter gave none)'],
  ['pincode', 'Pincode'],
  ['lat', 'Latitude: rounded to 3 decimals (about 100 m) while the report is open'],
  ['lng', 'Longitude: rounded the same way'],
  ['department', 'The department that took the report over (blank while unassigned)'],
  ['upvotes', 'Upvotes'],
  ['downvotes', 'Downvotes'],
  ['comments', 'Number of comments (their text is not exported)'],
  ['resolved_at', 'When the fix was confirmed (blank while open)'],
] as const;

export const OPEN_DATA_LICENCE = 'Open Data Commons Open Database License (ODbL) 1.0';

export const open311KeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  contact: z.string().nullable(),
  /** The key's first characters, to recognise it; the whole key is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  requestCount: z.number(),
  revokedAt: z.string().nullable(),
  /** The partner's system account: the author of its reports. */
  accountId: z.string(),
});
export type Open311Key = z.infer<typeof open311KeySchema>;
export const open311KeysAnswer = z.object({ keys: z.array(open311KeySchema), nextCursor: z.string().nullable() });
export const open311KeysQuery = z.object({ cursor: z.string().max(300).optional() });
export const createOpen311KeyBody = z.object({ name: z.unknown().optional(), contact: z.unknown().optional() }).nullable().optional();
export const createOpen311KeyAnswer = z.object({ message: z.string(), key: open311KeySchema, apiKey: z.string() });

/** The admin form's checks, in order; the first failing text or null. */
export function validateOpen311Key(input: { name?: unknown; contact?: unknown }): string | null {
  if (typeof input.name !== 'string' || input.name.trim() === '') return OPEN311_ADMIN_TEXTS.nameRequired;
  if (input.name.trim().length > OPEN311_LIMITS.keyNameMax) return OPEN311_ADMIN_TEXTS.nameTooLong;
  if (input.contact !== undefined && input.contact !== null && typeof input.contact !== 'string') return OPEN311_ADMIN_TEXTS.contactTooLong;
  if (typeof input.contact === 'string' && input.contact.trim().length > OPEN311_LIMITS.keyContactMax) return OPEN311_ADMIN_TEXTS.contactTooLong;
  return null;
}

/**
 * The state of a point when a partner names none: the nearest of these reference points (state and
 * UT capitals plus a few large cities). Honest about what it is: near a state border it can pick the
 * neighbour, so partners should send attribute[state].
 */
export const STATE_REFERENCE_POINTS: ReadonlyArray<[state: (typeof INDIAN_STATES)[number], lat: number, lng: number]> = [
  ['Andhra Pradesh', 16.51, 80.52],
  ['Andhra Pradesh', 17.69, 83.22],
  ['Andhra Pradesh', 13.63, 79.42],
  ['Arunachal Pradesh', 27.08, 93.61],
  ['Assam', 26.14, 91.74],
  ['Assam', 27.47, 94.91],
  ['Bihar', 25.59, 85.14],
  ['Bihar', 26.12, 85.39],
  ['Chhattisgarh', 21.25, 81.63],
  ['Goa', 15.49, 73.83],
  ['Gujarat', 23.02, 72.57],
  ['Gujarat', 21.17, 72.83],
  ['Gujarat', 22.31, 70.8],
  ['Haryana', 28.46, 77.03],
  ['Haryana', 29.39, 76.97],
  ['Himachal Pradesh', 31.1, 77.17],
  ['Jharkhand', 23.34, 85.31],
  ['Jharkhand', 22.8, 86.2],
  ['Karnataka', 12.97, 77.59],
  ['Karnataka', 15.36, 75.12],
  ['Karnataka', 12.91, 74.86],
  ['Kerala', 8.52, 76.94],
  ['Kerala', 9.93, 76.27],
  ['Kerala', 11.26, 75.78],
  ['Madhya Pradesh', 23.26, 77.41],
  ['Madhya Pradesh', 22.72, 75.86],
  ['Madhya Pradesh', 23.18, 79.99],
  ['Maharashtra', 19.08, 72.88],
  ['Maharashtra', 18.52, 73.86],
  ['Maharashtra', 21.15, 79.09],
  ['Maharashtra', 19.88, 75.34],
  ['Manipur', 24.82, 93.94],
  ['Meghalaya', 25.58, 91.89],
  ['Mizoram', 23.73, 92.72],
  ['Nagaland', 25.67, 94.11],
  ['Odisha', 20.3, 85.82],
  ['Odisha', 21.47, 83.97],
  ['Punjab', 31.63, 74.87],
  ['Punjab', 30.9, 75.86],
  ['Rajasthan', 26.91, 75.79],
  ['Rajasthan', 26.24, 73.02],
  ['Rajasthan', 24.58, 73.71],
  ['Sikkim', 27.33, 88.61],
  ['Tamil Nadu', 13.08, 80.27],
  ['Tamil Nadu', 11.02, 76.96],
  ['Tamil Nadu', 9.93, 78.12],
  ['Telangana', 17.39, 78.49],
  ['Telangana', 17.98, 79.6],
  ['Tripura', 23.83, 91.29],
  ['Uttar Pradesh', 26.85, 80.95],
  ['Uttar Pradesh', 25.32, 82.97],
  ['Uttar Pradesh', 27.18, 78.01],
  ['Uttar Pradesh', 28.54, 77.39],
  ['Uttarakhand', 30.32, 78.03],
  ['West Bengal', 22.57, 88.36],
  ['West Bengal', 26.73, 88.4],
  ['Andaman and Nicobar Islands', 11.62, 92.73],
  ['Chandigarh', 30.73, 76.78],
  ['Dadra and Nagar Haveli and Daman and Diu', 20.4, 72.83],
  ['Delhi', 28.61, 77.21],
  ['Jammu and Kashmir', 34.08, 74.8],
  ['Jammu and Kashmir', 32.73, 74.86],
  ['Ladakh', 34.15, 77.58],
  ['Lakshadweep', 10.57, 72.64],
  ['Puducherry', 11.94, 79.81],
];

/** The state of the nearest reference point (equirectangular distance: plenty at this scale). */
export function nearestState(lat: number, lng: number): (typeof INDIAN_STATES)[number] {
  let best = STATE_REFERENCE_POINTS[0]!;
  let bestD = Infinity;
  const k = Math.cos((lat * Math.PI) / 180);
  for (const p of STATE_REFERENCE_POINTS) {
    const dx = (p[2] - lng) * k;
    const dy = p[1] - lat;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best[0];
}

/** A coordinate as published for a report: full precision once finished, about 100 m while open. */
export function publicCoordinate(value: number, finished: boolean): number {
  if (finished) return value;
  const f = 10 ** OPEN311_LIMITS.openPrecision;
  return Math.round(value * f) / f;
}
