/**
 * Issue 17: the help pages follow Accept-Language (Hindi articles from packages/shared/help/hi), while
 * the assistant keeps matching questions against the English corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type List = { articles: Array<{ slug: string; title: string; summary: string }> };

describe('help pages in Hindi', () => {
  it('answers the list and an article in Hindi for Accept-Language hi, in English otherwise', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/api/help' })).json<List>().articles;
    const hiRes = await t.app.inject({ method: 'GET', url: '/api/help', headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } });
    expect(hiRes.headers.vary).toContain('Accept-Language');
    const hi = hiRes.json<List>().articles;
    expect(hi.map((a) => a.slug)).toEqual(en.map((a) => a.slug));
    for (const a of hi) expect(a.title, a.slug).toMatch(/\p{Script=Devanagari}/u);
    expect(en.find((a) => a.slug === 'report-an-issue')?.title).toBe('How to report an issue');

    const one = await t.app.inject({ method: 'GET', url: '/api/help/report-an-issue', headers: { 'accept-language': 'hi' } });
    expect(one.statusCode).toBe(200);
    expect(one.headers.vary).toContain('Accept-Language');
    const article = one.json<{ article: { slug: string; title: string; body: string } }>().article;
    expect(article).toMatchObject({ slug: 'report-an-issue', title: 'शिकायत कैसे दर्ज करें' });
    expect(article.body).toContain('## ');

    const english = await t.app.inject({ method: 'GET', url: '/api/help/report-an-issue', headers: { 'accept-language': 'en-IN' } });
    expect(english.json<{ article: { title: string } }>().article.title).toBe('How to report an issue');
  });

  it('keeps answering the assistant from the English help', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ask', payload: { message: 'How do I report an issue?' }, headers: { 'accept-language': 'hi' } });
    expect(res.json<{ source: string; article: string }>()).toMatchObject({ source: 'help', article: 'report-an-issue' });
  });
});
