/**
 * Answers of 'Ask CivicPulse AI' in whole sentences and whole lists of steps, Hindi questions answered
 * from the Hindi help, the answer's "Read more" link and suggestions as fields, and the panel's typing
 * cap (typedLength) and reply split (replyView).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_LIMITS, ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS, replyView, typedLength, type AskAnswer } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { HELP_HI_DIR, loadHelpCorpus } from '../src/modules/assistant/corpus.js';
import { PASSAGE_MAX_CHARS, passageBlocks, passageOfMarkdown, sentences, shortenPassage } from '../src/modules/assistant/passage.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const SENTENCE_END = /[.!?।:)"”’]$/u;

describe('shortening an answer', () => {
  it('joins soft-wrapped lines and keeps list items apart', () => {
    expect(passageBlocks('First line of a\nparagraph.\n\n1. Step one\n   goes on.\n2. Step **two**.\n- a bullet')).toEqual([
      'First line of a paragraph.',
      '1. Step one goes on.',
      '2. Step two.',
      '• a bullet',
    ]);
  });

  it('cuts between sentences, never inside one', () => {
    const long = 'The first sentence is here. The second one is a little longer than that. The third sentence ends the block.';
    expect(sentences(long)).toHaveLength(3);
    const { text, cut } = shortenPassage([long], 60);
    expect(cut).toBe(true);
    expect(text).toBe('The first sentence is here.');
    // A single sentence longer than the limit is kept whole rather than cut.
    expect(shortenPassage(['One very long sentence without any end before the limit, address, pincode and map.'], 30).text).toBe(
      'One very long sentence without any end before the limit, address, pincode and map.',
    );
    // "e.g." and a list number are no sentence ends.
    expect(sentences('Pick one, e.g. Roads. Then go on.')).toEqual(['Pick one, e.g. Roads.', 'Then go on.']);
  });

  it('keeps every numbered step, even past the length', () => {
    const steps = Array.from({ length: 7 }, (_, i) => `${i + 1}. Step number ${i + 1} says a fair amount of text about what to press and where.`);
    const { text } = shortenPassage(['Before you start, read this.', ...steps, 'A closing paragraph that does not fit any more.'], 200);
    for (let i = 1; i <= 7; i++) expect(text).toContain(`${i}. Step number ${i}`);
    expect(text).not.toContain('closing paragraph');
  });

  it('every section of every help article, English and Hindi, shortens to whole sentences and all its steps', () => {
    let checked = 0;
    for (const article of [...loadHelpCorpus(), ...loadHelpCorpus(HELP_HI_DIR)]) {
      for (const section of article.sections) {
        const passage = passageOfMarkdown(section.text);
        const blocks = passageBlocks(section.text);
        const where = `${article.slug} / ${section.heading}`;
        expect(passage.length, where).toBeGreaterThan(0);
        // Ends with a whole paragraph or list item, or where a sentence ends: never "…address, pincode and".
        const last = passage.split('\n').at(-1)!;
        expect(blocks.includes(last) || SENTENCE_END.test(last), `${where}: ${last}`).toBe(true);
        expect(passage.trimEnd(), where).not.toMatch(/…$/);
        // A numbered list in the answer has all its steps.
        const numbered = blocks.filter((b) => /^\d+\. /.test(b));
        if (numbered.length > 0 && passage.includes(numbered[0]!)) for (const step of numbered) expect(passage, where).toContain(step);
        // Only a list of steps may take it past the length.
        if (numbered.length === 0) expect(passage.length, where).toBeLessThanOrEqual(PASSAGE_MAX_CHARS + 200);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the typing effect', () => {
  const options = { msPerChar: ASSISTANT_LIMITS.typingMsPerChar, maxMs: ASSISTANT_LIMITS.typingMaxMs };

  it('types 15 ms a character (spec 9) but never for longer than half a second', () => {
    expect(ASSISTANT_LIMITS.typingMsPerChar).toBe(15);
    expect(ASSISTANT_LIMITS.typingMaxMs).toBe(500);
    // A short reply is typed out in full at the spec's pace.
    expect(typedLength(0, 30, options)).toBe(0);
    expect(typedLength(150, 30, options)).toBe(10);
    expect(typedLength(449, 30, options)).toBe(29);
    expect(typedLength(450, 30, options)).toBe(30);
    // A long reply: its start is typed, then the rest shows at once when the cap is reached.
    expect(typedLength(300, 900, options)).toBe(20);
    expect(typedLength(499, 900, options)).toBe(33);
    expect(typedLength(500, 900, options)).toBe(900);
    // prefers-reduced-motion: all at once.
    expect(typedLength(0, 900, { ...options, reducedMotion: true })).toBe(900);
  });
});

describe('the panel’s view of an answer', () => {
  it('draws the "Read more" line as a link (in the answer’s words) and suggestions as buttons', () => {
    const help = replyView('Open Create Issue.\n\nRead more: How to report an issue /help/report-an-issue', { readMore: { title: 'How to report an issue', path: '/help/report-an-issue' } }, 'Read more');
    expect(help).toEqual({ text: 'Open Create Issue.', readMore: { label: 'Read more: How to report an issue', path: '/help/report-an-issue' }, suggestions: [], after: '' });
    const hindi = replyView('शिकायत दर्ज करें।\n\nऔर पढ़ें: शिकायत कैसे दर्ज करें /help/report-an-issue', { readMore: { title: 'शिकायत कैसे दर्ज करें', path: '/help/report-an-issue' } }, 'Read more');
    expect(hindi.readMore?.label).toBe('और पढ़ें: शिकायत कैसे दर्ज करें');
    const none = replyView(['Nothing found. Try asking:', '• What is CivicPulse?', '• How do I report an issue?', 'Or write to us: /contact'].join('\n'), { suggestions: ['What is CivicPulse?', 'How do I report an issue?'] }, 'Read more');
    // The buttons take the place of the bullet lines; the contact line stays below them.
    expect(none.text).toBe('Nothing found. Try asking:');
    expect(none.after).toBe('Or write to us: /contact');
    expect(none.suggestions).toEqual(['What is CivicPulse?', 'How do I report an issue?']);
    // An answer without the fields (an older server) is shown as it is.
    expect(replyView('Plain /help/votes', {}, 'Read more')).toEqual({ text: 'Plain /help/votes', readMore: null, suggestions: [], after: '' });
  });
});

describe('answers over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ASSISTANT_RATE_MAX: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });
  const ask = async (message: string, lang?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ask', payload: { message }, headers: lang ? { 'accept-language': lang } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AskAnswer>();
  };

  it('answers a question about the steps with all 7 of 7 and a Read more link', async () => {
    const a = await ask('what are the steps to report an issue');
    expect(a.article).toBe('report-an-issue');
    for (let i = 1; i <= 7; i++) expect(a.reply).toMatch(new RegExp(`^${i}\\. `, 'm'));
    expect(a.reply).toContain('7. Press Submit Issue.');
    expect(a.readMore).toEqual({ title: 'How to report an issue', path: '/help/report-an-issue' });
    expect(a.reply.endsWith(`${ASSISTANT_TEXTS.readMore}: How to report an issue /help/report-an-issue`)).toBe(true);
  });

  it('answers a question in Hindi script from the Hindi help, in Hindi, whatever the page language', async () => {
    for (const lang of [undefined, 'en']) {
      const a = await ask('मैं अपना पासवर्ड भूल गया हूँ, क्या करूँ?', lang);
      expect(a.source).toBe('help');
      expect(a.article).toBe('forgot-password');
      expect(a.reply.split('\n')[0]).toMatch(/[\u0900-\u097F]/);
      expect(a.reply).toMatch(new RegExp(`${SHARED_HI.ASSISTANT_TEXTS.readMore}: पासवर्ड भूल गए /help/forgot-password$`));
      expect(a.readMore).toEqual({ title: 'पासवर्ड भूल गए', path: '/help/forgot-password' });
    }
    // Every Hindi suggestion is answered from the help (the panel sends them as they read).
    for (const q of SHARED_HI.ASSISTANT_SUGGESTIONS) expect((await ask(q)).source, q).toBe('help');
  });

  it('offers the suggestions as a field when nothing matches, in the language of the question', async () => {
    const en = await ask('tell me a joke');
    expect(en.suggestions).toEqual([...ASSISTANT_SUGGESTIONS]);
    const hi = await ask('मुझे एक चुटकुला सुनाओ');
    expect(hi.source).toBe('none');
    expect(hi.suggestions).toEqual([...SHARED_HI.ASSISTANT_SUGGESTIONS]);
    expect(hi.reply.startsWith(SHARED_HI.ASSISTANT_TEXTS.noAnswer)).toBe(true);
  });

  it('answers the new topics from their own articles', async () => {
    for (const [q, slug] of [
      ['can I report anonymously', 'anonymous-reports'],
      ['I forgot my password', 'forgot-password'],
      ['what does overdue mean on my report', 'service-levels-and-overdue-reports'],
      ['my report says Waiting to send', 'offline-reports'],
      ['how do I switch the language to Hindi', 'language'],
      ['how do I rate the fix', 'rating-and-reopening'],
      ['which categories can I choose', 'categories-and-departments'],
    ] as const) {
      expect((await ask(q)).article, q).toBe(slug);
    }
  });
});
