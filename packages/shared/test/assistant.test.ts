import { describe, expect, it } from 'vitest';
import { ASSISTANT_TEXTS, askProblem } from '../src/assistant.js';
import { replyParts, sseReader } from '../src/assistantReply.js';
import { askBody } from '../src/assistantSchema.js';

describe('askProblem and askBody', () => {
  it('refuse a missing, blank or too long question with the same words, and trim a good one', () => {
    const cases: [unknown, string | null][] = [
      [undefined, ASSISTANT_TEXTS.empty],
      [42, ASSISTANT_TEXTS.empty],
      ['', ASSISTANT_TEXTS.empty],
      [' \n\t ', ASSISTANT_TEXTS.empty],
      ['x'.repeat(1001), ASSISTANT_TEXTS.tooLong],
      [' '.repeat(4001), ASSISTANT_TEXTS.tooLong],
      [`  ${'x'.repeat(1000)}  `, null],
      ['  How do I report an issue?\n', null],
    ];
    for (const [message, want] of cases) {
      expect(askProblem(message), String(message).slice(0, 20)).toBe(want);
      const parsed = askBody.safeParse({ message });
      expect(parsed.success ? null : parsed.error.issues[0]?.message, String(message).slice(0, 20)).toBe(want);
      if (parsed.success) expect(parsed.data.message).toBe((message as string).trim());
    }
  });
});

describe('sseReader', () => {
  it('reads named events with JSON data, whatever way the text is cut', () => {
    const stream =
      'event: delta\ndata: {"text":"Open "}\n\n' +
      ': a comment\r\nevent: replace\r\ndata: {"text":"Go to /help"}\r\n\r\n' +
      'event: done\rdata: {"reply":"x"}\r\r';
    const expected = [
      { event: 'delta', data: '{"text":"Open "}' },
      { event: 'replace', data: '{"text":"Go to /help"}' },
      { event: 'done', data: '{"reply":"x"}' },
    ];
    // Whole, one character at a time, and cut between every CR and LF.
    for (const size of [stream.length, 1, 2, 3, 7]) {
      const reader = sseReader();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...reader.push(stream.slice(i, i + size)));
      events.push(...reader.end());
      expect(events, `pieces of ${size}`).toEqual(expected);
    }
  });

  it('joins data lines, names unnamed events "message" and drops an event the stream cut off', () => {
    const reader = sseReader();
    expect(reader.push('data: one\ndata:two\n\nevent: done\ndata: {"reply"')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
    // No blank line after it: it never completes.
    expect(reader.push(':"half"}\n')).toEqual([]);
    expect(reader.end()).toEqual([]);
  });
});

describe('replyParts', () => {
  it('finds app paths and web addresses, leaving sentence punctuation as text', () => {
    expect(replyParts('Read more: How to report an issue /help/report-an-issue.\n• "Pothole" is Pending: /post/0123456789abcdef01234567')).toEqual([
      { kind: 'text', text: 'Read more: How to report an issue ' },
      { kind: 'path', text: '/help/report-an-issue' },
      { kind: 'text', text: '.\n• "Pothole" is Pending: ' },
      { kind: 'path', text: '/post/0123456789abcdef01234567' },
    ]);
    expect(replyParts('See https://example.org/a?b=1, or write (/contact).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'url', text: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', or write (' },
      { kind: 'path', text: '/contact' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('links nothing that is not a standalone path or an http(s) address', () => {
    for (const text of [
      'and/or 12/05/2025',
      'javascript:alert(1)',
      '//evil.example/x',
      'data:text/html,<b>x</b>',
      '<img src=x onerror=alert(1)>',
      'a / b',
      'https://',
    ]) {
      expect(replyParts(text).filter((p) => p.kind !== 'text'), text).toEqual([]);
    }
    expect(replyParts('')).toEqual([]);
  });

  it('loses no character: markup in a reply comes back as the text it is', () => {
    const reply = 'Say <b>hi</b> at <a href="/x">/contact</a> & https://example.org/<script>';
    const parts = replyParts(reply);
    expect(parts.map((p) => p.text).join('')).toBe(reply);
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'path', text: '/x' },
      { kind: 'url', text: 'https://example.org/' },
    ]);
  });
});

describe('the help corpus', () => {
  it('names the contact details site.ts shows (a deployment changing one must change the other)', async () => {
    const { readFileSync } = await import('node:fs');
    const { CONTACT_DETAILS } = await import('../src/site.js');
    const article = readFileSync(new URL('../help/contact-us.md', import.meta.url), 'utf8');
    expect(article).toContain(CONTACT_DETAILS.email);
    expect(article).toContain(CONTACT_DETAILS.phone);
    expect(article).toContain(CONTACT_DETAILS.address.slice(0, -1).join(', '));
  });
});
