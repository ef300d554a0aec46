/**
 * Ordered form checks from spec section 5. Each returns the first failing text (or null), so the web
 * form and the server answer with the same words in the same order.
 */
import { LIMITS } from './constants.js';
import { TEXTS } from './texts.js';

const V = TEXTS.validation;
/** A pragmatic address check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An Indian pincode: six digits, the first 1 to 9 (issue 30; there is no pincode starting with 0). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** "Name must be at most 120 characters": the one wording of every length limit. */
export function tooLongText(field: string, max: number): string {
  return `${field} must be at most ${max} characters`;
}

/** The length-limit texts of the account and contact forms, one per field. */
export const LENGTH_TEXTS = {
  name: tooLongText('Name', LIMITS.nameMaxChars),
  email: tooLongText('Email', LIMITS.emailMaxChars),
  password: tooLongText('Password', LIMITS.passwordMaxChars),
  secretKey: tooLongText('Secret key', LIMITS.secretKeyMaxChars),
  department: tooLongText('Department', LIMITS.departmentMaxChars),
  city: tooLongText('City', LIMITS.cityMaxChars),
} as const;

/**
 * The first field (in form order) whose text is longer than its limit, as that field's text. Only
 * strings are measured: a missing or non-text field is the other checks' business.
 */
export function firstTooLong(checks: ReadonlyArray<readonly [value: unknown, max: number, text: string]>): string | null {
  for (const [value, max, text] of checks) if (typeof value === 'string' && value.length > max) return text;
  return null;
}

export interface UserSignupInput {
  name?: unknown;
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
}

/** Citizen signup. The server gets no confirmation from spec clients, so it is checked only when sent. */
export function validateUserSignup(input: UserSignupInput, opts: { requireConfirm?: boolean } = {}): string | null {
  const needConfirm = opts.requireConfirm ?? false;
  if (blank(input.name) || blank(input.email) || blank(input.password) || (needConfirm && blank(input.confirmPassword))) {
    return V.fillAllFields;
  }
  const long = firstTooLong([
    [input.name, LIMITS.nameMaxChars, LENGTH_TEXTS.name],
    [input.email, LIMITS.emailMaxChars, LENGTH_TEXTS.email],
  ]);
  if (long) return long;
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return V.invalidEmailAddress;
  if (String(input.password).length < LIMITS.passwordMin) return V.passwordTooShort;
  if (String(input.password).length > LIMITS.passwordMaxChars) return LENGTH_TEXTS.password;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) return V.passwordsDoNotMatch;
  return null;
}

/** Proof documents: an image or a PDF (spec 5), judged by the browser's type on the client. */
export function isAllowedProofMime(mime: string): boolean {
  return mime === 'application/pdf' || mime.startsWith('image/');
}

export function validateLogin(input: { email?: unknown; password?: unknown }): string | null {
  if (blank(input.email) || blank(input.password)) return V.fillAllFields;
  return firstTooLong([
    [input.email, LIMITS.emailMaxChars, LENGTH_TEXTS.email],
    [input.password, LIMITS.passwordMaxChars, LENGTH_TEXTS.password],
  ]);
}

export function validateAdminLogin(input: { email?: unknown; password?: unknown; secretKey?: unknown }): string | null {
  if (blank(input.email) || blank(input.password) || blank(input.secretKey)) return V.fillAllFieldsAdmin;
  return firstTooLong([
    [input.email, LIMITS.emailMaxChars, LENGTH_TEXTS.email],
    [input.password, LIMITS.passwordMaxChars, LENGTH_TEXTS.password],
    [input.secretKey, LIMITS.secretKeyMaxChars, LENGTH_TEXTS.secretKey],
  ]);
}

export interface ContactInput {
  name?: unknown;
  email?: unknown;
  message?: unknown;
}

export const CONTACT_TEXTS = {
  required: 'Please fill in all fields',
  invalidEmail: 'Invalid email address',
  tooLong: `Message must be at most ${LIMITS.contactMessageMaxChars} characters`,
} as const;

export function validateContact(input: ContactInput): string | null {
  if (blank(input.name) || blank(input.email) || blank(input.message)) return CONTACT_TEXTS.required;
  const long = firstTooLong([
    [input.name, LIMITS.nameMaxChars, LENGTH_TEXTS.name],
    [input.email, LIMITS.emailMaxChars, LENGTH_TEXTS.email],
  ]);
  if (long) return long;
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return CONTACT_TEXTS.invalidEmail;
  if (String(input.message).length > LIMITS.contactMessageMaxChars) return CONTACT_TEXTS.tooLong;
  return null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
