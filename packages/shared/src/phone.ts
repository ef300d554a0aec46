/**
 * Indian phone numbers as people write them (issue 30), stored normalised. Its own module, away from
 * validation.ts, which the feed's first paint loads: only the forms that take a phone need this.
 */

/** A phone as stored since issue 30: +91 and the 10-digit national number (normalizeIndianPhone). */
export const PHONE_PATTERN = /^\+91[1-9]\d{9}$/;

export type IndianPhoneCheck = { ok: true; phone: string } | { ok: false; problem: 'digits' | 'format' };

/**
 * An Indian phone number as people write it, normalised to "+91" and the 10-digit national number:
 * - a mobile: 10 digits starting 6 to 9 ("98765 43210"), optionally after +91, 91, 0091 or the trunk 0;
 * - a landline with its STD code after the trunk 0 ("020 2550 1000", "0674-2345678"), or after +91
 *   ("+91 20 2550 1000"): STD code and subscriber number are 10 digits together.
 * Spaces, dashes, dots and brackets are ignored. Refused: anything else with a reason, 'digits' when the
 * national number is not 10 digits long, 'format' otherwise (letters, another country, a leading 0 left
 * over, a landline written without its STD code's 0). Pure, so the web form and the server agree.
 */
export function checkIndianPhone(raw: string): IndianPhoneCheck {
  const compact = raw.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return { ok: false, problem: 'format' };
  let digits = compact.replace(/^\+/, '');
  let withCode = false;
  if (compact.startsWith('+')) {
    if (!digits.startsWith('91')) return { ok: false, problem: 'format' };
    digits = digits.slice(2);
    withCode = true;
  } else if (digits.startsWith('0091')) {
    digits = digits.slice(4);
    withCode = true;
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
    withCode = true;
  }
  let trunk = false;
  if (digits.startsWith('0')) {
    digits = digits.slice(1);
    trunk = true;
  }
  if (digits.length !== 10) return { ok: false, problem: 'digits' };
  // 6-9: a mobile (or a landline whose STD code starts so, e.g. 080: the same stored form either way).
  if (/^[6-9]/.test(digits)) return { ok: true, phone: `+91${digits}` };
  // 1-5: a landline's STD code, which people write after its 0 or after +91.
  if (/^[1-5]/.test(digits) && (trunk || withCode)) return { ok: true, phone: `+91${digits}` };
  return { ok: false, problem: 'format' };
}

/** The normalised form of an Indian phone number ("+919876543210"), or null when it is not one. */
export function normalizeIndianPhone(raw: string): string | null {
  const check = checkIndianPhone(raw);
  return check.ok ? check.phone : null;
}

/**
 * A stored phone for reading: "+91 98765 43210" for a mobile, "+91 20 2550 1000"-like groups are not
 * guessed for landlines (the STD code's length varies), so those read "+91 2025501000". Anything else
 * (a number from abroad that migration 029 left as it was) is shown as stored.
 */
export function formatIndianPhone(stored: string): string {
  const m = /^\+91([6-9]\d{4})(\d{5})$/.exec(stored);
  if (m) return `+91 ${m[1]} ${m[2]}`;
  const l = /^\+91([1-5]\d{9})$/.exec(stored);
  return l ? `+91 ${l[1]}` : stored;
}
