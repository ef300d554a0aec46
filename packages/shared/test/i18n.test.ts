/**
 * Issue 17: the shared texts exist in both languages (same keys, functions taking the same parameters),
 * the Hindi is Hindi, and the server's translation of finished messages (localizeMessage) and its choice
 * of language (pickLanguage) behave.
 */
import { describe, expect, it } from 'vitest';
import { NAMES, TEXTS, INDIAN_STATES, PRIORITIES, PROGRESS_ORDER, CATEGORY_CODES, pickLanguage, languageOf, textLeaves } from '../src/index.js';
import { SHARED_EN, type SharedTextName } from '../src/i18n/en.js';
import { SHARED_HI } from '../src/i18n/hi/index.js';
import { createLocalizer, isLocalizable, localizeMessage } from '../src/i18n/server.js';

/**
 * Hindi texts that may rightly carry no Devanagari: they read the same in both languages (a code, a
 * product name). Path inside SHARED_HI. Texts without any letter ('404', '·') need no entry.
 */
const SAME_IN_BOTH = new Set<string>([
  // The word a person types to confirm deleting their account: the same keystrokes in both languages.
  'SETTINGS_UI.deleteWord',
]);

/** Names that read the same in Hindi and English (as the web app's literal scan allows them). */
const PROPER_NAMES = new Set(['CivicPulse', 'AI', 'API', 'CSV', 'GeoJSON', 'JSON', 'Open311', 'OpenStreetMap', 'PDF', 'MB', 'KB', 'PNG', 'JPEG', 'WebP', 'https']);

const DEVANAGARI = /[\u0900-\u097F]/;
const LETTER = /\p{L}/u;

/** Hindi when it has Devanagari, or no letters left once proper names are taken out. */
function readsAsHindi(text: string): boolean {
  if (DEVANAGARI.test(text)) return true;
  const rest = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !PROPER_NAMES.has(w));
  return !LETTER.test(rest.join(' '));
}

/** A function text's output for sample values: numbers first (counts), then words (names). */
function sample(fn: (...args: unknown[]) => unknown): string | null {
  for (const make of [(i: number) => i + 3, (i: number) => `नाम${i}`]) {
    try {
      const out = fn(...Array.from({ length: fn.length }, (_, i) => make(i)));
      if (typeof out === 'string') return out;
    } catch {
      // Try the other kind of sample value.
    }
  }
  return null;
}

const names = Object.keys(SHARED_EN) as SharedTextName[];

describe('shared texts in Hindi', () => {
  it('has the same leaves as the English, each of the same kind; functions take the same number of parameters', () => {
    const problems: string[] = [];
    for (const name of names) {
      const en = textLeaves(SHARED_EN[name], name);
      const hi = textLeaves(SHARED_HI[name], name);
      for (const k of en.keys()) if (!hi.has(k)) problems.push(`${k}: no Hindi`);
      for (const k of hi.keys()) if (!en.has(k)) problems.push(`${k}: Hindi without English`);
      for (const [k, v] of en) {
        const h = hi.get(k);
        if (!hi.has(k)) continue;
        if (typeof v !== typeof h) problems.push(`${k}: ${typeof v} in English, ${typeof h} in Hindi`);
        else if (typeof v === 'function' && (v as (...a: unknown[]) => unknown).length !== (h as (...a: unknown[]) => unknown).length) {
          problems.push(`${k}: ${(v as () => unknown).length} parameters in English, ${(h as () => unknown).length} in Hindi`);
        } else if (typeof h === 'string' && LETTER.test(v as string) && !h.trim()) problems.push(`${k}: empty Hindi`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads in Devanagari (strings and what functions make), except the texts that are the same in both', () => {
    const latin: string[] = [];
    for (const name of names) {
      for (const [path, value] of textLeaves(SHARED_HI[name], name)) {
        if (SAME_IN_BOTH.has(path)) continue;
        const text = typeof value === 'function' ? sample(value as (...a: unknown[]) => unknown) : value;
        if (typeof text !== 'string') {
          if (typeof value === 'function') latin.push(`${path}: cannot be called with sample values`);
          continue;
        }
        if (!readsAsHindi(text)) latin.push(`${path}: ${text}`);
      }
    }
    expect(latin, 'Hindi texts without Devanagari (translate them, or list them in SAME_IN_BOTH)').toEqual([]);
  });


  it('names every state and union territory, priority, progress state and category', () => {
    const hi = SHARED_HI.NAMES;
    expect(Object.keys(hi.states).sort()).toEqual([...INDIAN_STATES].sort());
    expect(Object.keys(hi.states)).toHaveLength(36);
    expect(Object.keys(hi.priorities)).toEqual([...PRIORITIES]);
    expect(Object.keys(hi.progress)).toEqual([...PROGRESS_ORDER]);
    expect(Object.keys(hi.categories)).toEqual([...CATEGORY_CODES]);
    // 'Unseen' is read as "Open" in both languages.
    expect(NAMES.progress.Unseen).toBe('Open');
    expect(hi.progress.Unseen).toBe(hi.currentStates.Open);
    // Distinct names: no two states (or categories) read alike.
    expect(new Set(Object.values(hi.states)).size).toBe(36);
    expect(new Set(Object.values(hi.categories).map((c) => c.name)).size).toBe(CATEGORY_CODES.length);
  });
});

describe('localizeMessage (the server answers in the reader’s language)', () => {
  it('turns every English text of ours into its Hindi twin, and leaves English as it is', () => {
    expect(localizeMessage(TEXTS.auth.invalidCredentials, 'hi')).toBe(SHARED_HI.TEXTS.auth.invalidCredentials);
    expect(localizeMessage(TEXTS.success.userRegistered, 'hi')).toBe(SHARED_HI.TEXTS.success.userRegistered);
    expect(localizeMessage(TEXTS.auth.invalidCredentials, 'en')).toBe(TEXTS.auth.invalidCredentials);
    for (const [path, en] of textLeaves(SHARED_EN.TEXTS, 'TEXTS')) {
      if (typeof en !== 'string') continue;
      const hi = textLeaves(SHARED_HI.TEXTS, 'TEXTS').get(path);
      // Two texts may share one English wording; the first one's Hindi answers for both.
      const twins = [...textLeaves(SHARED_EN.TEXTS, 'TEXTS')].filter(([, v]) => v === en).map(([p]) => textLeaves(SHARED_HI.TEXTS, 'TEXTS').get(p));
      expect(twins, path).toContain(localizeMessage(en, 'hi'));
      expect(hi, path).toBeDefined();
    }
  });

  it('messages with names or numbers: the Hindi function gets the captured values back', () => {
    expect(localizeMessage(TEXTS.progressMoves.updated('Work Started'), 'hi')).toBe(SHARED_HI.TEXTS.progressMoves.updated('Work Started'));
    expect(localizeMessage(TEXTS.progressMoves.updated('Work Started'), 'hi')).toContain(SHARED_HI.NAMES.progress['Work Started']);
    expect(localizeMessage(TEXTS.progressMoves.movedBack('Unseen'), 'hi')).toBe(SHARED_HI.TEXTS.progressMoves.movedBack('Unseen'));
  });

  it('createLocalizer: numbers come back as numbers, the most specific pattern wins, odd functions are skipped', () => {
    const en = {
      plain: 'Saved',
      count: (n: number) => `${n} reports`,
      showing: (shown: number, total: number) => `Showing ${shown} of ${total} posts`,
      by: (name: string) => `by ${name}`,
      byDept: (name: string, dept: string) => `by ${name} (${dept})`,
      plural: (n: number) => (n === 1 ? 'one report' : 'many reports'),
      throws: (post: { title: string }) => `About ${post.title.toUpperCase()}`,
      nested: { deep: 'Deep text' },
    };
    const seen: unknown[] = [];
    const hi = {
      plain: 'सहेजा गया',
      count: (n: number) => {
        seen.push(n);
        return `${new Intl.NumberFormat('hi-IN').format(n)} शिकायतें`;
      },
      showing: (shown: number, total: number) => `${total} में से ${shown} शिकायतें`,
      by: (name: string) => `${name} द्वारा`,
      byDept: (name: string, dept: string) => `${name} (${dept}) द्वारा`,
      plural: (n: number) => (n === 1 ? 'एक शिकायत' : 'कई शिकायतें'),
      throws: (post: { title: string }) => `${post.title} के बारे में`,
      nested: { deep: 'गहरा पाठ' },
    };
    const l = createLocalizer(en, hi);
    expect(l.localize('Saved')).toBe('सहेजा गया');
    expect(l.localize('Deep text')).toBe('गहरा पाठ');
    expect(l.localize('123456 reports')).toBe('1,23,456 शिकायतें');
    expect(seen).toEqual([123456]);
    expect(l.localize('1,23,456 reports')).toBe('1,23,456 शिकायतें');
    expect(l.localize('Showing 5 of 12 posts')).toBe('12 में से 5 शिकायतें');
    expect(l.localize('by Asha (Public Works)')).toBe('Asha (Public Works) द्वारा');
    expect(l.localize('by Asha')).toBe('Asha द्वारा');
    // Skipped: a function that hides its argument (a plural choice) or throws on the sample values;
    // and a word caught where a number belongs ("many" for {n}) is not passed on as NaN.
    expect(l.localize('many reports')).toBe('many reports');
    expect(l.localize('About X')).toBe('About X');
    // Not ours: unchanged.
    expect(l.localize('Something else entirely')).toBe('Something else entirely');
    expect(l.knows('Saved')).toBe(true);
    expect(l.knows('by Asha')).toBe(true);
    expect(l.knows('Something else entirely')).toBe(false);
  });

  it('isLocalizable: our texts yes, anything else no', () => {
    expect(isLocalizable(TEXTS.http.routeNotFound)).toBe(true);
    expect(isLocalizable(TEXTS.progressMoves.updated('Verified'))).toBe(true);
    expect(isLocalizable('Invalid input: expected string, received number')).toBe(false);
  });
});

describe('pickLanguage (Accept-Language)', () => {
  it('English without a header, for unknown languages and malformed headers', () => {
    for (const h of [undefined, null, '', '*', 'fr-FR', 'de, fr;q=0.5', ';;;,,,', 'x'.repeat(2000)]) expect(pickLanguage(h), String(h)).toBe('en');
  });
  it('Hindi for hi, hi-IN and hi_IN; by q-value when both are named', () => {
    expect(pickLanguage('hi')).toBe('hi');
    expect(pickLanguage('hi-IN')).toBe('hi');
    expect(pickLanguage('HI_in')).toBe('hi');
    expect(pickLanguage('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(pickLanguage('hi;q=0.1, en;q=0.9')).toBe('en');
    expect(pickLanguage('en-IN, hi;q=0.9')).toBe('en');
    expect(pickLanguage('fr, hi;q=0.3')).toBe('hi');
    expect(pickLanguage('hi;q=0')).toBe('en');
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('mr-IN')).toBeNull();
  });
});
