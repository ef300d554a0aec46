/**
 * The text of an answer taken from a help article: the Markdown of a section as plain text with its
 * soft line breaks joined (the articles wrap lines at ~110 characters, so a line end is not a
 * sentence end), and shortened only at a boundary a reader sees as one: the end of a paragraph, of a
 * list item or of a sentence. A numbered list (steps) is never cut: "4 of 7 steps" is a wrong answer,
 * so a list of steps is kept whole even past the length. Nothing is ever cut inside a sentence.
 */
import { plainText } from '@civicpulse/shared';

/** What an answer's passage aims at (characters); a numbered list or a single long sentence may exceed it. */
export const PASSAGE_MAX_CHARS = 600;

const LIST_ITEM = /^\s*(?:[-*•]|\d+\.)\s+/;
const NUMBERED = /^\d+\.\s/;

/**
 * Markdown to plain text in blocks: paragraphs and list items, each on one line. A line that does not
 * start a list item continues the one before it (a soft wrap).
 */
export function passageBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string | null = null;
  const flush = () => {
    if (current !== null && current.trim()) blocks.push(current.trim());
    current = null;
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (!line.trim()) {
      flush();
      continue;
    }
    if (LIST_ITEM.test(line) || current === null) {
      flush();
      current = line.trim();
    } else {
      current += ` ${line.trim()}`;
    }
  }
  flush();
  return blocks.map((b) => plainText(b));
}

/** The sentences of one block (a sentence ends in . ! ? or the Devanagari danda, then a space). */
export function sentences(block: string): string[] {
  const out: string[] = [];
  const re = /[.!?।](?:["'”’)]*)(?=\s+\S)/gu;
  let last = 0;
  for (const m of block.matchAll(re)) {
    const end = m.index + m[0].length;
    // "e.g." and a list's "1." are no sentence ends (a sentence ending in a small number is kept with the next: never cut short).
    const before = block.slice(last, end);
    if (/\b(?:e\.g|i\.e|etc|vs|no|approx)\.$/i.test(before) || /(?:^|\s)\d{1,2}\.$/.test(before)) continue;
    out.push(before.trim());
    last = end;
  }
  const rest = block.slice(last).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * Joins blocks into an answer of about `max` characters, cut only between blocks or sentences: whole
 * blocks while they fit; a numbered list whole once the answer reaches it; a
 * block that does not fit is cut after its last sentence that does (at least its first sentence when
 * nothing came before). Returns the text and whether anything was left out.
 */
export function shortenPassage(blocks: string[], max = PASSAGE_MAX_CHARS): { text: string; cut: boolean } {
  const kept: string[] = [];
  let length = 0;
  const add = (text: string) => {
    kept.push(text);
    length += (kept.length > 1 ? 1 : 0) + text.length;
  };
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const fits = length + (kept.length ? 1 : 0) + block.length <= max;
    // Steps are never cut: a numbered list that the answer reaches comes whole.
    if (fits || NUMBERED.test(block)) {
      add(block);
      continue;
    }
    const parts = sentences(block);
    const room = max - length - (kept.length ? 1 : 0);
    let partial = '';
    for (const s of parts) {
      const next = partial ? `${partial} ${s}` : s;
      if (next.length > room && (partial || kept.length > 0)) break;
      partial = next;
    }
    if (partial) add(partial);
    return { text: kept.join('\n'), cut: true };
  }
  return { text: kept.join('\n'), cut: false };
}

/** A section's Markdown as an answer: plain, whole sentences, all its steps. */
export function passageOfMarkdown(markdown: string, max = PASSAGE_MAX_CHARS): string {
  return shortenPassage(passageBlocks(markdown), max).text;
}
