import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, OPEN_DATA_LIMITS, OPEN_DATA_TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { HttpError } from '../../lib/errors.js';
import { createLimiter } from '../../lib/limiter.js';
import { OPEN_DATA_CSV_HEADER, openDataCsvLine, openDataFeature } from './presenter.js';


import type { OpenDataService } from './service.js';
import type { Config } from '../../config.js';
import type { Redis } from 'ioredis';

/** What the opendata routes are given (see lib/module.ts). */
export interface OpenDataDeps {
  openData: OpenDataService;
  config: Config;
  redis: Redis | undefined;
}

/**
 * GET /api/open-data/reports.csv and .geojson: public, anonymised, filterable, streamed; cacheable by
 * browsers and CDNs (Cache-Control max-age with an ETag; If-None-Match answers 304), and limited per
 * address (OPEN_DATA_RATE_MAX downloads per window).
 */
export function openDataRoutes(app: FastifyInstance, deps: OpenDataDeps): void {
  const service = deps.openData;
  const limiter = createLimiter(deps.redis, { name: 'open-data', max: deps.config.openData.rateMax, windowMs: deps.config.rateLimit.windowMs });
  const tags = ['open data'];

  /** The filters, the conditional check and the rate limit; null when a 304 was sent. */
  async function prepare(kind: string, request: FastifyRequest, reply: FastifyReply) {
    const filter = service.filter(request.query as Record<string, unknown>);
    const etag = await service.etag(kind, filter);
    reply
      .header('ETag', etag)
      .header('Cache-Control', `public, max-age=${OPEN_DATA_LIMITS.maxAgeSeconds}`)
      .header('Access-Control-Allow-Origin', '*')
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return null;
    if (!(await limiter.take(`ip:${request.ip}`))) throw new HttpError(429, OPEN_DATA_TEXTS.rateLimited);
    return filter;
  }

  route(app, API.openData.csv, { schema: { tags } }, async (request, reply) => {
    const filter = await prepare('csv', request, reply);
    if (!filter) return reply.code(304).send();
    const rows = service.rows(filter);
    async function* csv() {
      yield OPEN_DATA_CSV_HEADER;
      for await (const batch of rows) yield batch.map(openDataCsvLine).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="civicpulse-reports.csv"')
      .send(Readable.from(csv()));
  });

  route(app, API.openData.geoJson, { schema: { tags } }, async (request, reply) => {
    const filter = await prepare('geojson', request, reply);
    if (!filter) return reply.code(304).send();
    const rows = service.rows(filter);
    async function* geojson() {
      yield '{"type":"FeatureCollection","features":[';
      let first = true;
      for await (const batch of rows) {
        yield (first ? '' : ',') + batch.map(openDataFeature).join(',');
        first = false;
      }
      yield ']}\n';
    }
    return reply
      .type('application/geo+json; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="civicpulse-reports.geojson"')
      .send(Readable.from(geojson()));
  });
}
