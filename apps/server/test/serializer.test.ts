import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postAnswer, postListAnswer, type Post } from '@civicpulse/shared';
import { compileWriter, serializerCompiler } from '../src/plugins/serializer.js';
import { createPost, createTestApp, signupCitizen } from './helpers/app.js';

describe('compiled response serializer', () => {
  it('never writes a property the response schema does not name', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const answer = z.object({ user: z.object({ _id: z.string(), name: z.string() }), note: z.string().nullable(), extra: z.number().optional() });
    app.get('/leak', { schema: { response: { 200: answer } } }, () => ({
      user: { _id: 'u1', name: 'Asha', password_hash: 'scrypt$secret', email: 'asha@example.in' },
      note: null,
      admin_secret_hash: 'x',
    }));
    const res = await app.inject({ method: 'GET', url: '/leak' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { _id: 'u1', name: 'Asha' }, note: null });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('compiles the post answers and writes a real post exactly as zod + JSON.stringify would', async () => {
    const t = await createTestApp();
    try {
      const author = await signupCitizen(t.app);
      const created = await createPost(t.app, author);
      await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: author.auth, payload: { postId: created._id, content: 'Seen it' } });
      const post = (await t.app.inject({ method: 'GET', url: `/api/posts/post/${created._id}`, headers: author.auth })).json<{ post: Post }>().post;
      expect(post.history).toBeDefined();
      for (const [schema, value] of [
        [postAnswer, { post }],
        [postListAnswer, { posts: [post, { ...post, upvotes: undefined, downvotes: undefined }], nextCursor: null }],
      ] as const) {
        const write = compileWriter(schema);
        expect(write).not.toBeNull();
        expect(JSON.parse(write!(value))).toEqual(JSON.parse(JSON.stringify(schema.parse(value))));
      }
    } finally {
      await t.close();
    }
  });
});
