/**
 * The languages CivicPulse speaks (issue 17). English is the default and the spec's own texts; Hindi is
 * the second. zod-free and tiny so the web app's first paint can use it.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The Intl locale for dates and numbers: Indian English and Hindi both group by lakh (1,00,000). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Where the browser remembers the chosen language (the account keeps it too, when signed in). */
export const LANGUAGE_STORAGE_KEY = 'civicpulse.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'hi', 'hi-IN', 'HI_in' → 'hi'; anything else → null. */
export function languageOf(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : null;
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110 q-values), English when it names
 * none of them. A malformed header reads as no preference, never as an error.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header || header.length > 1000) return DEFAULT_LANGUAGE;
  let best: Language | null = null;
  let bestQ = 0;
  for (const part of header.split(',').slice(0, 50)) {
    const [tag = '', ...params] = part.split(';');
    const lang = languageOf(tag);
    if (!lang) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best ?? DEFAULT_LANGUAGE;
}
