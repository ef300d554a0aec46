/**
 * Open311 GeoReport v2 and the open data export (issue 16 items 8-11): the limits, texts and admin
 * schemas the server, the web app and the tests share. The wire format of /open311/v2 itself follows
 * the published standard (http://wiki.open311.org/GeoReport_v2), not our API contract.
 */
import { z } from 'zod';
import { INDIAN_STATES } from './constants.js';
import { OPEN311_LIMITS, OPEN311_ADMIN_TEXTS } from './open311Texts.js';

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
