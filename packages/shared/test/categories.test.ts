import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_CODES, isCategory, parseCategory, suggestCategory } from '../src/categories';

interface Case {
  caption: string;
  expected: string;
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/categories.json', import.meta.url), 'utf8')) as {
  captions: Case[];
};

describe('suggestCategory over the caption test set', () => {
  it('has at least 60 captions, several per category, each with a real category', () => {
    expect(fixture.captions.length).toBeGreaterThanOrEqual(60);
    for (const c of fixture.captions) expect(isCategory(c.expected), c.caption).toBe(true);
    for (const code of CATEGORY_CODES) {
      expect(fixture.captions.filter((c) => c.expected === code).length, code).toBeGreaterThanOrEqual(3);
    }
  });

  it('suggests the expected category for at least 85% of the captions', () => {
    const misses = fixture.captions
      .map((c) => ({ ...c, got: suggestCategory(c.caption) }))
      .filter((c) => c.got !== c.expected);
    const right = fixture.captions.length - misses.length;
    const share = right / fixture.captions.length;
    // The score and the misses are printed so a rule change shows what it gained and lost.
    console.log(
      `suggestCategory: ${right}/${fixture.captions.length} right (${(share * 100).toFixed(1)}%)` +
        misses.map((m) => `\n  miss: "${m.caption}" expected ${m.expected}, got ${m.got}`).join(''),
    );
    expect(share).toBeGreaterThanOrEqual(0.85);
  });
});

describe('suggestCategory rules', () => {
  it('answers other for an empty or unrelated caption', () => {
    expect(suggestCategory('')).toBe('other');
    expect(suggestCategory('Please look into this')).toBe('other');
  });

  it('matches words, not pieces of other words', () => {
    // "tap" must not fire inside "tapri", "bin" not inside "cabin", "park" not inside "parking".
    expect(suggestCategory('Cars parking on both sides of the lane')).toBe('traffic');
    expect(suggestCategory('Chai tapri near the cabin')).toBe('other');
  });

  it('reads Hinglish words', () => {
    expect(suggestCategory('gaddha')).toBe('roads');
    expect(suggestCategory('kachra')).toBe('garbage');
    expect(suggestCategory('paani nahi')).toBe('water');
    expect(suggestCategory('naali band')).toBe('drainage');
    expect(suggestCategory('batti band')).toBe('streetlights');
    expect(suggestCategory('kutta')).toBe('animals');
    expect(suggestCategory('shor')).toBe('noise');
  });
});

describe('parseCategory', () => {
  it('tells absent, valid and invalid apart', () => {
    expect(parseCategory(undefined)).toBeUndefined();
    expect(parseCategory('')).toBeUndefined();
    expect(parseCategory('roads')).toBe('roads');
    expect(parseCategory('Roads')).toBeNull();
    expect(parseCategory(['roads'])).toBeNull();
  });
});
