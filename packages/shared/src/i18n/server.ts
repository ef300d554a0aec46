/**
 * The server's side of the languages (issue 17 item 1): its `{ message }` answers in the language of the
 * request's Accept-Language. Imported by the server only (`@civicpulse/shared/i18n/server`): it carries
 * every text object in every language, which the web app's bundle must not.
 */
import { SHARED_EN } from './en.js';
import { SHARED_HI } from './hi/index.js';
import type { Language } from './languages.js';
import { createLocalizer, type Localizer } from './localize.js';

export { createLocalizer, type Localizer } from './localize.js';
export { pickLanguage } from './languages.js';

const TWINS: Record<Exclude<Language, 'en'>, unknown> = { hi: SHARED_HI };
const localizers = new Map<Language, Localizer>();

function localizerFor(lang: Exclude<Language, 'en'>): Localizer {
  let l = localizers.get(lang);
  if (!l) {
    l = createLocalizer(SHARED_EN, TWINS[lang]);
    localizers.set(lang, l);
  }
  return l;
}

/**
 * An English message of ours (a leaf of SHARED_EN, or the output of one of its functions) in `lang`;
 * anything else, and every message in English, unchanged.
 */
export function localizeMessage(message: string, lang: Language): string {
  if (lang === 'en') return message;
  return localizerFor(lang).localize(message);
}

/** Whether a message is one of ours, so an answer carrying it varies with Accept-Language. */
export function isLocalizable(message: string): boolean {
  return localizerFor('hi').knows(message);
}
