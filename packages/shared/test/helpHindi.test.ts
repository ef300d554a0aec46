/**
 * Issue 17: the help articles in Hindi (packages/shared/help/hi) are the English corpus's twins: the
 * same slugs, the same front matter format, the same section count, and the same contact details.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHelpArticle } from '../src/assistant.js';
import { CONTACT_DETAILS } from '../src/site.js';

const EN_DIR = new URL('../help/', import.meta.url);
const HI_DIR = new URL('../help/hi/', import.meta.url);
const slugs = (dir: URL) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -3))
    .sort();
const read = (dir: URL, slug: string) => parseHelpArticle(slug, readFileSync(new URL(`${slug}.md`, dir), 'utf8'));

describe('the Hindi help corpus', () => {
  it('has a Hindi article for every English one and none without an English one', () => {
    expect(slugs(HI_DIR)).toEqual(slugs(EN_DIR));
  });

  it('parses every article, in Hindi, with as many sections as its English twin', () => {
    for (const slug of slugs(EN_DIR)) {
      const en = read(EN_DIR, slug);
      const hi = read(HI_DIR, slug);
      expect(hi.title, slug).toMatch(/\p{Script=Devanagari}/u);
      expect(hi.summary, slug).toMatch(/\p{Script=Devanagari}/u);
      expect(hi.summary.length, slug).toBeLessThanOrEqual(400);
      expect(hi.sections.length, slug).toBe(en.sections.length);
    }
  });

  it('names the contact details site.ts shows', () => {
    const article = readFileSync(new URL('contact-us.md', HI_DIR), 'utf8');
    expect(article).toContain(CONTACT_DETAILS.email);
    expect(article).toContain(CONTACT_DETAILS.phone);
    expect(article).toContain(CONTACT_DETAILS.address.slice(0, -1).join(', '));
  });
});
