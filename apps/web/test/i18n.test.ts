/**
 * Issue 17 item 4: every text exists in both languages, and no component writes user-facing English
 * straight into its markup.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textLeaves } from '@civicpulse/shared';
import { EN } from '../src/i18n/locales/en';
import { HI } from '../src/i18n/locales/hi';
import { ALLOWED, findLiterals } from './literals';

const SRC = path.resolve(__dirname, '../src');

/** The {{variables}} an i18next text interpolates. */
const variables = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'i18n' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Hindi texts that rightly read the same as the English (key paths). Names in ALLOWED need no entry. */
const SAME_IN_BOTH = new Set<string>([]);

/** Hindi when it has Devanagari, or no letters left once {{variables}} and ALLOWED names are taken out. */
function readsAsHindi(text: string): boolean {
  if (/[\u0900-\u097F]/.test(text)) return true;
  const rest = text.replace(/\{\{[^}]*\}\}/g, ' ').split(/\s+/).filter((w) => !ALLOWED.has(w.replace(/[^\p{L}\p{N}]/gu, '')));
  return !/\p{L}/u.test(rest.join(' '));
}

describe('web app texts', () => {
  it('has every English key in Hindi and no Hindi key without English, with the same {{variables}}', () => {
    const en = textLeaves(EN);
    const hi = textLeaves(HI);
    expect([...hi.keys()].filter((k) => !en.has(k)), 'Hindi keys with no English text').toEqual([]);
    expect([...en.keys()].filter((k) => !hi.has(k)), 'English keys with no Hindi text').toEqual([]);
    const mismatched = [...en].filter(([k, v]) => typeof v === 'string' && JSON.stringify(variables(v)) !== JSON.stringify(variables(String(hi.get(k)))));
    expect(mismatched.map(([k]) => k), 'texts whose Hindi uses other {{variables}}').toEqual([]);
    const empty = [...hi].filter(([, v]) => typeof v !== 'string' || !v.trim());
    expect(empty.map(([k]) => k), 'empty Hindi texts').toEqual([]);
  });

  it('reads in Devanagari in Hindi, except names that are the same in both languages', () => {
    const latin = [...textLeaves(HI)]
      .filter(([key]) => !SAME_IN_BOTH.has(key))
      .filter(([, v]) => typeof v === 'string' && !readsAsHindi(v))
      .map(([key, v]) => `${key}: ${String(v)}`);
    expect(latin, 'Hindi texts without Devanagari (translate them, or list them in SAME_IN_BOTH)').toEqual([]);
  });

  it('renders no user-facing literal outside the translations', () => {
    const files = sourceFiles(SRC);
    const offenders = new Map<string, string[]>();
    for (const file of files) {
      const found = findLiterals(file);
      if (found.length) offenders.set(path.relative(SRC, file), found.map((f) => `${f.line}: ${f.text}`));
    }
    expect(Object.fromEntries(offenders), 'literal user-facing texts (move them to src/i18n/locales)').toEqual({});
  });

  it('the scan finds literals it should and passes texts from the translations', () => {
    const bad = findLiterals('x.tsx', `const a = <p title="Open menu">Hello <b>{'world'}</b></p>; const items = [{ label: 'Home' }]; toast.error('Oops');`);
    expect(bad.map((b) => b.text)).toEqual(['Open menu', 'Hello', 'world', 'Home', 'Oops']);
    const good = findLiterals('y.tsx', `const a = <p title={t('menu.open')} className="px-2">{t('hello')} CivicPulse {count}</p>;`);
    expect(good).toEqual([]);
    const english = findLiterals('z.tsx', `const a = <h1>{POST_UI.feedHeading}</h1>; const ui = useLocalized(POST_UI); const b = <h2>{ui.feedHeading}</h2>; const c = progressLabel(s);`);
    expect(english.map((b) => b.text.split(' ')[0])).toEqual(['POST_UI.feedHeading', 'progressLabel()']);
  });
});
