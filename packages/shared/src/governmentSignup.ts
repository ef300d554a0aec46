/**
 * The department signup form's checks (spec 5), in their order. Its own module (with the phone rules it
 * uses, phone.ts), so the feed's first paint, which loads validation.ts, does not carry them.
 */
import { LIMITS } from './constants.js';
import { TEXTS } from './texts.js';
import { checkIndianPhone } from './phone.js';
import { EMAIL_PATTERN, LENGTH_TEXTS, firstTooLong } from './validation.js';

const V = TEXTS.validation;
const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

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
  const long = firstTooLong([
    [input.department, LIMITS.departmentMaxChars, LENGTH_TEXTS.department],
    [input.email, LIMITS.emailMaxChars, LENGTH_TEXTS.email],
    [input.city, LIMITS.cityMaxChars, LENGTH_TEXTS.city],
  ]);
  if (long) return long;
  if (!EMAIL_PATTERN.test(String(input.email).trim())) return V.invalidEmailFormat;
  const phone = checkIndianPhone(String(input.phone));
  if (!phone.ok) return phone.problem === 'digits' ? V.phoneDigits : V.phoneFormat;
  // Not in the spec's list for departments, but the product-wide minimum (spec 9) applies to every account.
  if (String(input.password).length < LIMITS.passwordMin) return V.passwordTooShort;
  if (String(input.password).length > LIMITS.passwordMaxChars) return LENGTH_TEXTS.password;
  return null;
}
