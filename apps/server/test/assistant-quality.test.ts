/**
 * The assistant's quality on questions written the way residents ask them (fixtures/assistant-questions.json):
 * English, Hinglish and Hindi (Devanagari), written from what people want to do, not from the help
 * articles' keywords. Each question goes through POST /api/ask as a visitor asks it; it counts as right
 * when the answer comes from the expected article (or, for an off-topic question, when nothing is
 * answered). The score is printed and must stay at or above the floor.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskAnswer } from '@civicpulse/shared';
import { createTestApp, type TestApp } from './helpers/app.js';

const FLOOR = 0.85;
const DEVANAGARI = /[\u0900-\u097F]/;

const set = (JSON.parse(readFileSync(new URL('./fixtures/assistant-questions.json', import.meta.url), 'utf8')) as { questions: Array<{ question: string; article: string | null }> }).questions;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ASSISTANT_RATE_MAX: '1000' });
});
afterAll(async () => {
  await t.close();
});

describe('assistant quality set', () => {
  it(`answers at least ${FLOOR * 100}% of the residents' questions from the right article, Hindi ones in Hindi`, async () => {
    expect(set.length).toBeGreaterThanOrEqual(40);
    expect(set.filter((q) => DEVANAGARI.test(q.question)).length).toBeGreaterThanOrEqual(10);
    const misses: string[] = [];
    const times: number[] = [];
    let hindiInHindi = 0;
    for (const { question, article } of set) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/ask', payload: { message: question } });
      times.push(performance.now() - started);
      expect(res.statusCode, question).toBe(200);
      const answer = res.json<AskAnswer>();
      const got = answer.source === 'help' ? answer.article : null;
      if (got !== article) misses.push(`${question} → ${got} (want ${article})`);
      // A question in Hindi is answered in Hindi (no English page language needed).
      if (DEVANAGARI.test(question) && got !== null && DEVANAGARI.test(answer.reply.split('\n')[0]!)) hindiInHindi++;
    }
    const right = set.length - misses.length;
    const score = right / set.length;
    const hindiAnswered = set.filter((q) => DEVANAGARI.test(q.question) && q.article !== null).length;
    times.sort((a, b) => a - b);
    console.log(
      `assistant quality (residents' questions): ${right}/${set.length} right (${(score * 100).toFixed(1)}%); ` +
        `Hindi questions answered in Hindi: ${hindiInHindi}; server answer time median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms` +
        (misses.length ? `; misses: ${misses.join(' | ')}` : ''),
    );
    expect(score).toBeGreaterThanOrEqual(FLOOR);
    // Every Hindi question that the set expects an article for and that was answered, was answered in Hindi.
    expect(hindiInHindi).toBeGreaterThanOrEqual(Math.ceil(hindiAnswered * FLOOR));
  });
});
