/**
 * Dates and numbers for the current language through Intl (en-IN / hi-IN: lakh grouping, 1,00,000).
 * Formatters are cached per language; `useFormat()` re-renders on a language change.
 */
import { LOCALES, type Language } from '@civicpulse/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './index';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function numberFormat(lang: Language = currentLanguage(), options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n|${lang}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(LOCALES[lang], options));
}

export function dateFormat(lang: Language = currentLanguage(), options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): Intl.DateTimeFormat {
  return cached(`d|${lang}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALES[lang], options));
}

export function relativeFormat(lang: Language = currentLanguage()): Intl.RelativeTimeFormat {
  return cached(`r|${lang}`, () => new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' }));
}

export const formatNumber = (n: number, lang?: Language): string => numberFormat(lang).format(n);

export const formatDate = (value: string | number | Date, options?: Intl.DateTimeFormatOptions, lang?: Language): string =>
  dateFormat(lang, options).format(new Date(value));

/** The formatters for the current language, re-rendering on a switch. */
export function useFormat() {
  useTranslation();
  const lang = currentLanguage();
  return {
    lang,
    number: (n: number, options?: Intl.NumberFormatOptions) => numberFormat(lang, options).format(n),
    date: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => dateFormat(lang, options).format(new Date(value)),
    relative: relativeFormat(lang),
  };
}
