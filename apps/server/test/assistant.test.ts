/**
 * Issue 14: 'Ask CivicPulse AI'. The retrieval default (no network), live answers from the caller's
 * own reports, validation and limits, the help pages, the quality set's score, and the optional LLM
 * against a small OpenAI-compatible server on loopback (real HTTP).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS, TEXTS, type AskAnswer } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { HELP_DIR } from '../src/modules/assistant/corpus.js';
import { createPost, createTestApp, signupCitizen, signupGovernment, advanceTo, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let asha: Actor;
let ravi: Actor;
let dept: Actor;

beforeAll(async () => {
  t = await createTestApp();
  asha = await signupCitizen(t.app, 'Asha Reporter');
  ravi = await signupCitizen(t.app, 'Ravi Neighbour');
  dept = await signupGovernment(t.app, { verified: true, department: 'Pune Roads Office' });
});
afterAll(async () => {
  await t.close();
});

const ask = (message: unknown, actor?: Actor, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/ask', payload: { message }, ...(actor ? { headers: actor.auth } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const reply = async (message: string, actor?: Actor) => {
  const res = await ask(message, actor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AskAnswer>();
};

describe('questions and answers without a token', () => {
  it('answers the spec suggestions from the help, with a link to the article', async () => {
    const a = await reply('How do I report an issue?');
    expect(a.source).toBe('help');
    expect(a.article).toBe('report-an-issue');
    expect(a.reply).toContain('Create Issue');
    expect(a.reply).toMatch(/Read more: How to report an issue \/help\/report-an-issue$/);
    for (const q of ASSISTANT_SUGGESTIONS) expect((await reply(q)).source, q).toBe('help');
  });

  it('says so when the help has no answer, offering the suggestions and the contact page', async () => {
    for (const q of ['what is the weather in Delhi', 'tell me a joke', 'who won the cricket match yesterday']) {
      const a = await reply(q);
      expect(a.source, q).toBe('none');
      expect(a.reply).toBe([ASSISTANT_TEXTS.noAnswer, ...ASSISTANT_SUGGESTIONS.map((s) => `• ${s}`), ASSISTANT_TEXTS.contactLine].join('\n'));
    }
  });

  it('refuses empty, whitespace-only, too long and oversized questions', async () => {
    for (const message of ['', '   \n ', 'x'.repeat(1001), 42, null, ['how'], 'a\u0000b']) {
      const res = await ask(message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/ask', payload: {} })).statusCode).toBe(400);
    expect((await ask(`${'How do I report an issue? '.repeat(38)}`.slice(0, 1000))).statusCode).toBe(200);
    const big = await t.app.inject({ method: 'POST', url: '/api/ask', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(9000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: TEXTS.http.bodyTooLarge });
  });

  it('asks an anonymous caller to log in for questions about their own reports', async () => {
    const a = await reply('what is the status of my pothole report');
    expect(a).toEqual({ reply: ASSISTANT_TEXTS.signInForOwn, source: 'facts', article: null });
  });
});

describe('live answers from the caller’s own reports', () => {
  let pothole: string;
  beforeAll(async () => {
    pothole = (await createPost(t.app, asha, { caption: 'Deep pothole outside Shivaji Nagar bus stop' }))._id;
    await createPost(t.app, asha, { caption: 'Garbage not collected near the market' });
    await advanceTo(t.app, dept, pothole, 'Work Started');
  });

  it('the status of my report about X', async () => {
    const a = await reply('What is the status of my report about the pothole?', asha);
    expect(a.source).toBe('facts');
    expect(a.reply).toBe(`Your report "Deep pothole outside Shivaji Nagar bus stop" is In Progress (Work Started), handled by Pune Roads Office: /post/${pothole}`);
    const hinglish = await reply('meri pothole wali shikayat ka status kya hai', asha);
    expect(hinglish.reply).toContain(`/post/${pothole}`);
  });

  it('how many of my issues are resolved', async () => {
    const a = await reply('How many of my issues are resolved?', asha);
    expect(a.reply).toBe('You have reported 2 issues: 0 resolved and 2 still open or in progress. See them in My Issues: /user/dashboard/userPosts');
  });

  it('answers in Hindi for a Hindi reader (Accept-Language): own reports, help passages and no-answer alike', async () => {
    const hi = (message: string, actor?: Actor) =>
      t.app.inject({ method: 'POST', url: '/api/ask', payload: { message }, headers: { ...(actor?.auth ?? {}), 'accept-language': 'hi-IN' } }).then((r) => r.json<AskAnswer>());
    const T = SHARED_HI.ASSISTANT_TEXTS;
    expect((await hi('How many of my issues are resolved?', asha)).reply).toBe(T.citizenCounts(2, 0));
    const status = await hi('What is the status of my report about the pothole?', asha);
    expect(status.reply).toBe(
      `${T.yourReport} ${T.ownReport('Deep pothole outside Shivaji Nagar bus stop', SHARED_HI.NAMES.currentStates['In Progress'], SHARED_HI.NAMES.progress['Work Started'], 'Pune Roads Office', pothole)}`,
    );
    const help = await hi('How do I report an issue?');
    expect(help.source).toBe('help');
    expect(help.article).toBe('report-an-issue');
    expect(help.reply).toMatch(new RegExp(`${T.readMore}: [^\\n]*[\\u0900-\\u097F][^\\n]* /help/report-an-issue$`));
    expect(help.reply.split('\n')[0]).toMatch(/[\u0900-\u097F]/);
    const none = await hi('tell me a joke');
    expect(none.reply).toBe([T.noAnswer, ...SHARED_HI.ASSISTANT_SUGGESTIONS.map((q) => `• ${q}`), T.contactLine].join('\n'));
    // Without the header, exactly the English of before.
    expect((await reply('How many of my issues are resolved?', asha)).reply).toBe(ASSISTANT_TEXTS.citizenCounts(2, 0));
  });

  it('which department took my report', async () => {
    expect((await reply('Which department took my pothole report?', asha)).reply).toBe(
      `Your report "Deep pothole outside Shivaji Nagar bus stop" was taken over by Pune Roads Office: /post/${pothole}`,
    );
    expect((await reply('which department is handling my garbage complaint', asha)).reply).toMatch(/^Your report "Garbage not collected near the market" has not been taken over by a department yet \(it is Open\)/);
  });

  it('understands questions about one’s own reports written in Hindi (Devanagari) and answers them in Hindi', async () => {
    const T = SHARED_HI.ASSISTANT_TEXTS;
    const pit = (await createPost(t.app, asha, { caption: 'बस स्टॉप के पास गहरा गड्ढा' }))._id;
    const ask = (message: string) => reply(message, asha);
    // A count, with the plural and the chandrabindu people type ("हुईँ").
    expect((await ask('मेरी कितनी शिकायतें हल हुईँ?')).reply).toBe(T.citizenCounts(3, 0));
    // The status of the report its words name.
    const status = await ask('मेरी गड्ढा वाली शिकायत की स्थिति क्या है?');
    expect(status.source).toBe('facts');
    expect(status.reply).toBe(`${T.yourReport} ${T.ownReport('बस स्टॉप के पास गहरा गड्ढा', SHARED_HI.NAMES.currentStates.Open, SHARED_HI.NAMES.progress.Unseen, null, pit)}`);
    // Which department took it: none yet.
    const dept = await ask('किस विभाग ने मेरी गड्ढा वाली रिपोर्ट ली?');
    expect(dept.reply).toContain(`/post/${pit}`);
    expect(dept.reply).toMatch(/[\u0900-\u097F]/);
    expect(dept.reply).not.toContain('Pune Roads Office');
    // A how-to question about one's own complaint goes to the help, in Hindi.
    const how = await ask('मैं अपनी शिकायत कैसे ट्रैक कर सकता हूं?');
    expect(how.source).toBe('help');
    // Signed out, the same question asks to sign in (in Hindi).
    expect((await reply('मेरी शिकायत की स्थिति क्या है?')).reply).toBe(T.signInForOwn);
  });

  it('never answers with another person’s reports', async () => {
    for (const q of ['What is the status of my report about the pothole?', 'Which department took my pothole report?', 'status of my garbage complaint']) {
      const a = await reply(q, ravi);
      expect(a.reply, q).toBe(ASSISTANT_TEXTS.noReports);
      expect(a.reply).not.toContain('Shivaji');
    }
    expect((await reply('How many of my issues are resolved?', ravi)).reply).toBe(ASSISTANT_TEXTS.noReports);
  });

  it('a department hears about the reports it works on', async () => {
    expect((await reply('how many reports am I working on? my count', dept)).reply).toMatch(/^You are working on 1 open report and have resolved 0\./);
    expect((await reply('status of my pothole report', dept)).reply).toContain(`/post/${pothole}`);
  });

  it('how-to questions that mention "my" still get the help article', async () => {
    expect((await reply('Can I track my complaint?', asha)).article).toBe('track-your-report');
    expect((await reply('How do I edit my profile?', asha)).article).toBe('edit-your-profile');
  });
});

describe('limits', () => {
  it('counts questions per address and per account', async () => {
    const small = await createTestApp({ ASSISTANT_RATE_MAX: '3' });
    try {
      const me = await signupCitizen(small.app, 'Curious');
      const q = (remoteAddress: string, actor?: Actor) =>
        small.app.inject({ method: 'POST', url: '/api/ask', payload: { message: 'How do I report an issue?' }, remoteAddress, ...(actor ? { headers: actor.auth } : {}) });
      expect([(await q('10.1.0.1')).statusCode, (await q('10.1.0.1')).statusCode, (await q('10.1.0.1')).statusCode]).toEqual([200, 200, 200]);
      const refused = await q('10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TEXTS.auth.rateLimited });
      expect((await q('10.1.0.2')).statusCode).toBe(200);
      // One account from three addresses: its own budget runs out too.
      const codes = [];
      for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4']) codes.push((await q(ip, me)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('help pages', () => {
  it('lists the articles and serves each as Markdown', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/help' })).json<{ articles: Array<{ slug: string; title: string; summary: string }> }>().articles;
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.map((a) => a.slug)).toContain('report-an-issue');
    const one = await t.app.inject({ method: 'GET', url: '/api/help/report-an-issue' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ article: { slug: 'report-an-issue', title: 'How to report an issue' } });
    expect(one.json<{ article: { body: string } }>().article.body).toContain('## ');
    for (const slug of ['nope', '..%2Fsecret', 'REPORT', 'a'.repeat(100)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/help/${slug}` });
      expect([400, 404], slug).toContain(res.statusCode);
    }
  });
});

describe('quality set', () => {
  it('the retrieval default puts the right article first for at least 90% of the questions', () => {
    const set = JSON.parse(readFileSync(path.join(HELP_DIR, 'quality.json'), 'utf8')) as Array<{ question: string; article: string | null }>;
    expect(set.length).toBeGreaterThanOrEqual(40);
    const misses: string[] = [];
    for (const { question, article } of set) {
      const got = t.app.ctx.help.best(question)?.article.slug ?? null;
      if (got !== article) misses.push(`${question} → ${got} (want ${article})`);
    }
    const score = (set.length - misses.length) / set.length;
    const hinglish = set.filter((q) => /\b(kaise|kya|ka|ki|mera|meri|kahan|kaun|karein|hai)\b/i.test(q.question)).length;
    console.log(`assistant quality: ${set.length - misses.length}/${set.length} right first (${(score * 100).toFixed(1)}%), ${hinglish} Hinglish, ${set.filter((q) => q.article === null).length} off-topic${misses.length ? `; misses: ${misses.join(' | ')}` : ''}`);
    expect(score).toBeGreaterThanOrEqual(0.9);
  });
});

/** A small OpenAI-compatible chat-completions server: records requests, answers as told. */
function fakeLlm(behave: (body: { stream?: boolean; messages: Array<{ role: string; content: string }> }, res: import('node:http').ServerResponse) => void) {
  const seen: Array<{ headers: IncomingMessage['headers']; body: { stream?: boolean; model: string; messages: Array<{ role: string; content: string }> } }> = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as (typeof seen)[number]['body'];
      seen.push({ headers: req.headers, body });
      behave(body, res);
    });
  });
  return {
    seen,
    server,
    async url() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/chat/completions`;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

function parseSse(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
      return { event, data };
    });
}

describe('with an LLM configured', () => {
  const ANSWER = ['You can report ', 'from Create Issue ', 'in your dashboard. /help/report-an-issue'];
  let mode: 'ok' | 'slow' | 'error' | 'none' = 'ok';
  const llm = fakeLlm((body, res) => {
    if (mode === 'slow') return void setTimeout(() => res.end('{}'), 2000);
    if (mode === 'error') return void res.writeHead(500).end('{"error":"boom"}');
    const text = mode === 'none' ? 'NO_ANSWER' : ANSWER.join('');
    if (!body.stream) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: text } }] }));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = mode === 'none' ? ['NO_', 'ANSWER'] : ANSWER;
    for (const p of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  let withLlm: TestApp;
  beforeAll(async () => {
    const url = await llm.url();
    withLlm = await createTestApp({ ASSISTANT_LLM_URL: url, ASSISTANT_LLM_KEY: 'sk-test-secret-key', ASSISTANT_LLM_MODEL: 'tiny-model', ASSISTANT_LLM_TIMEOUT_MS: '400' });
  });
  afterAll(async () => {
    await withLlm.close();
    await llm.close();
  });
  const askLlm = (message: string, stream = false) =>
    withLlm.app.inject({ method: 'POST', url: '/api/ask', payload: { message }, headers: stream ? { accept: 'text/event-stream' } : {} });

  it('sends a grounded prompt (the passages as the only source) with the key, and answers with the model’s reply', async () => {
    mode = 'ok';
    const res = await askLlm('How do I report an issue?');
    expect(res.json()).toEqual({ reply: ANSWER.join(''), source: 'llm', article: 'report-an-issue', readMore: { title: 'How to report an issue', path: '/help/report-an-issue' } });
    const sent = llm.seen.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-secret-key');
    expect(sent.body.model).toBe('tiny-model');
    const [system, user] = sent.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('using ONLY the help passages below');
    expect(system!.content).toContain('reply exactly NO_ANSWER');
    expect(system!.content).toContain('How to report an issue — Summary (/help/report-an-issue)');
    expect(user).toEqual({ role: 'user', content: 'How do I report an issue?' });
    expect(res.body).not.toContain('sk-test-secret-key');
  });

  it('relays the streamed answer as Server-Sent Events', async () => {
    mode = 'ok';
    const res = await askLlm('How do I report an issue?', true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('');
    expect(deltas).toBe(ANSWER.join(''));
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { reply: ANSWER.join(''), source: 'llm', article: 'report-an-issue', readMore: { title: 'How to report an issue', path: '/help/report-an-issue' } },
    });
    expect(llm.seen.at(-1)!.body.stream).toBe(true);
  });

  it('falls back to the help answer on a timeout or an error, and to "no answer" when the model finds none', async () => {
    const help = (await reply('How do I report an issue?')).reply;
    const readMore = { title: 'How to report an issue', path: '/help/report-an-issue' };
    for (const m of ['slow', 'error'] as const) {
      mode = m;
      expect((await askLlm('How do I report an issue?')).json(), m).toEqual({ reply: help, source: 'help', article: 'report-an-issue', readMore });
      const events = parseSse((await askLlm('How do I report an issue?', true)).body);
      expect(events.at(-1), m).toEqual({ event: 'done', data: { reply: help, source: 'help', article: 'report-an-issue', readMore } });
    }
    mode = 'none';
    expect((await askLlm('How do I report an issue?')).json<AskAnswer>().source).toBe('none');
    const events = parseSse((await askLlm('How do I report an issue?', true)).body);
    // The marker itself is never shown.
    expect(events.some((e) => JSON.stringify(e.data).includes('NO_ANSWER'))).toBe(false);
    expect((events.at(-1)!.data as AskAnswer).source).toBe('none');
  });

  it('does not call the model for questions the help cannot ground', async () => {
    mode = 'ok';
    const before = llm.seen.length;
    expect((await askLlm('tell me a joke')).json<AskAnswer>().source).toBe('none');
    expect(llm.seen.length).toBe(before);
  });
});
