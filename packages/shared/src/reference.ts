import { INDIAN_STATES } from './constants.js';

/**
 * Reference numbers: every report gets one when it is filed, `CP-{state}-{year}-{sequence}`, e.g.
 * `CP-MH-2026-000123`: the state's two-letter code, the year it was filed (UTC) and its place among
 * that state's reports of that year, counted from 1 without gaps (a report that failed to save takes
 * no number: the counter moves in the report's own transaction). Six digits at least; a state that
 * files more than 999,999 reports in a year simply gets seven. Deleting a report frees no number.
 *
 * The codes are the ones Indians read on number plates and in government forms (ISO 3166-2:IN where
 * it agrees: CG for Chhattisgarh, OD for Odisha, TG for Telangana, as renamed). A report whose state is
 * not one of INDIAN_STATES (none today: the server refuses them) would get `IN`.
 */
export const STATE_CODES: Record<(typeof INDIAN_STATES)[number], string> = {
  'Andhra Pradesh': 'AP',
  'Arunachal Pradesh': 'AR',
  Assam: 'AS',
  Bihar: 'BR',
  Chhattisgarh: 'CG',
  Goa: 'GA',
  Gujarat: 'GJ',
  Haryana: 'HR',
  'Himachal Pradesh': 'HP',
  Jharkhand: 'JH',
  Karnataka: 'KA',
  Kerala: 'KL',
  'Madhya Pradesh': 'MP',
  Maharashtra: 'MH',
  Manipur: 'MN',
  Meghalaya: 'ML',
  Mizoram: 'MZ',
  Nagaland: 'NL',
  Odisha: 'OD',
  Punjab: 'PB',
  Rajasthan: 'RJ',
  Sikkim: 'SK',
  'Tamil Nadu': 'TN',
  Telangana: 'TG',
  Tripura: 'TR',
  'Uttar Pradesh': 'UP',
  Uttarakhand: 'UK',
  'West Bengal': 'WB',
  'Andaman and Nicobar Islands': 'AN',
  Chandigarh: 'CH',
  'Dadra and Nagar Haveli and Daman and Diu': 'DH',
  Delhi: 'DL',
  'Jammu and Kashmir': 'JK',
  Ladakh: 'LA',
  Lakshadweep: 'LD',
  Puducherry: 'PY',
};

/** The code for a state not in the list. */
export const UNKNOWN_STATE_CODE = 'IN';

const DIGITS = 6;

/** `CP-MH-2026`: the counter a report filed in `state` at `createdAt` (ISO) draws its number from. */
export function referencePrefix(state: string, createdAt: string): string {
  const code = (STATE_CODES as Record<string, string | undefined>)[state] ?? UNKNOWN_STATE_CODE;
  return `CP-${code}-${createdAt.slice(0, 4)}`;
}

/** `CP-MH-2026-000123`. */
export function formatReference(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(DIGITS, '0')}`;
}

/** A reference number as typed: `cp-mh-2026-123`, ` CP-MH-2026-000123 `. */
const TYPED = /^\s*cp-([a-z]{2})-(\d{4})-0*(\d{1,9})\s*$/i;

/**
 * The reference a search text names, written the way the server stores it (upper case, six digits at
 * least), or null when the text is not a reference number. Searches use it to find a report by its
 * number through the unique index instead of scanning captions.
 */
export function parseReference(text: string): string | null {
  const m = TYPED.exec(text);
  if (!m) return null;
  const sequence = Number(m[3]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return formatReference(`CP-${m[1]!.toUpperCase()}-${m[2]}`, sequence);
}
