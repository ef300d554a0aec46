/**
 * A message a shared validator returned (always the English text of one of the shared text objects,
 * e.g. validateJurisdiction → JURISDICTION_TEXTS.invalidCity) in the current language: the key whose
 * English value it is, read from the object's current-language twin. Messages the objects do not hold
 * as plain strings (the server's own, already localised by Accept-Language) pass through unchanged.
 */
import { localized } from './index';

export function sharedMessage(message: string, ...objects: object[]): string {
  for (const english of objects) {
    const current = localized(english) as Record<string, unknown>;
    for (const [key, value] of Object.entries(english)) {
      if (value === message && typeof current[key] === 'string') return current[key] as string;
    }
  }
  return message;
}
