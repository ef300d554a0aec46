import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.js';

import type { Storage } from './storage.js';

/** What the media routes are given (see lib/module.ts). */
export interface MediaDeps {
  storage: Storage;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/**
 * Public uploads, from whichever storage driver is configured (a folder or a bucket), so image URLs
 * work the same with both. Keys embed a fresh id, so a URL's bytes never change: clients may cache
 * them forever. Private keys (proof documents) are not reachable here.
 *
 * Not in the shared route contract (packages/shared/src/contract): an image, not an API answer. The
 * other routes outside it are the same kind: the built web app (plugins/web.ts), the live connection
 * (/socket.io), /metrics (plugins/metrics.ts) and the OpenAPI viewer under /api/docs.
 */
export function mediaRoutes(app: FastifyInstance, deps: MediaDeps): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = request.params['*'];
    if (!/^[a-z0-9/_.-]+$/i.test(rest) || rest.includes('..')) throw notFound('File not found');
    // Streamed from the driver (a file, or the bucket's response): a big photo is never held whole.
    const file = await deps.storage.stream(`public/${rest}`);
    if (!file) throw notFound('File not found');
    const ext = rest.split('.').pop() ?? '';
    if (file.size !== undefined) reply.header('Content-Length', file.size);
    return reply
      .header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      // Clients on other origins show these (API-CONTRACT: absolute URLs); helmet's default
      // Cross-Origin-Resource-Policy (same-origin) would block their <img>.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(file.body);
  });
}
