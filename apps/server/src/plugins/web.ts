import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { TEXTS } from '@civicpulse/shared';

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year;
 * index.html is revalidated every time so a deploy is picked up at once. Unknown non-API GETs that
 * want HTML get index.html (the SPA's router shows its own 404).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/uploads/') || request.url.startsWith('/socket.io');
    if (hasWeb && wantsHtml && !isApi) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: TEXTS.http.routeNotFound });
  });
  return hasWeb;
}
