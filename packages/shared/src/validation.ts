/**
 * Ordered form checks from spec section 5. Each returns the first failing text (or null), so the web
 * form and the server answer with the same words in the same order.
 */
import { LIMITS } from './constants.js';
import { TEXTS } from './texts.js';

const V = TEXTS.validation;
/** A pragmatic address check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{10}$/;

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

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
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return V.invalidEmailAddress;
  if (String(input.password).length < LIMITS.passwordMin) return V.passwordTooShort;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) return V.passwordsDoNotMatch;
  return null;
}

export interface GovernmentSignupInput {
  department?: unknown;
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  phone?: unknown;
  city?: unknown;
  hasProofDoc: boolean;
}

export function validateGovernmentSignup(input: GovernmentSignupInput): string | null {
  if (blank(input.email) || blank(input.password) || blank(input.confirmPassword) || blank(input.phone) || !input.hasProofDoc) {
    return V.fillRequiredFields;
  }
  if (input.password !== input.confirmPassword) return V.passwordsDoNotMatch;
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return V.invalidEmailFormat;
  if (!PHONE_PATTERN.test(String(input.phone).trim())) return V.phoneDigits;
  // Not in the spec's list for departments, but the product-wide minimum (spec 9) applies to every account.
  if (String(input.password).length < LIMITS.passwordMin) return V.passwordTooShort;
  return null;
}

/** Proof documents: an image or a PDF (spec 5), judged by the browser's type on the client. */
export function isAllowedProofMime(mime: string): boolean {
  return mime === 'application/pdf' || mime.startsWith('image/');
}

export function validateLogin(input: { email?: unknown; password?: unknown }): string | null {
  if (blank(input.email) || blank(input.password)) return V.fillAllFields;
  return null;
}

export function validateAdminLogin(input: { email?: unknown; password?: unknown; secretKey?: unknown }): string | null {
  if (blank(input.email) || blank(input.password) || blank(input.secretKey)) return V.fillAllFieldsAdmin;
  return null;
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
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return CONTACT_TEXTS.invalidEmail;
  if (String(input.message).length > LIMITS.contactMessageMaxChars) return CONTACT_TEXTS.tooLong;
  return null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
