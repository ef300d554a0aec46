import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API,
  CONTACT_DETAILS,
  OPEN311_ADMIN_TEXTS,
  OPEN311_TEXTS,
  isCategory,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { HttpError } from '../../lib/errors.js';
import { createLimiter } from '../../lib/limiter.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { SPEC_URL, contentType, presentService, presentServices, xmlDocument, type Format, type Open311Error } from './presenter.js';
import type { RequestQuery } from './service.js';

import type { Open311Service } from './service.js';
import type { Config } from '../../config.js';
import type { Redis } from 'ioredis';

/** What the open311 routes are given (see lib/module.ts). */
export interface Open311Deps {
  open311: Open311Service;
  config: Config;
  redis: Redis | undefined;
  guards: Guards;
}

/** The format a URL asks for: .xml → XML, anything else (and every unknown format) → JSON. */
function formatOf(request: FastifyRequest): Format {
  return /\.xml$/i.test(request.url.split('?')[0] ?? '') ? 'xml' : 'json';
}

function send(reply: FastifyReply, format: Format, status: number, root: string, item: string | null, body: unknown) {
  return reply
    .code(status)
    .type(contentType(format))
    .send(format === 'xml' ? xmlDocument(root, item, body) : JSON.stringify(body));
}

function sendErrors(reply: FastifyReply, format: Format, status: number, description: string) {
  const errors: Open311Error[] = [{ code: status, description }];
  return send(reply, format, status, 'errors', 'error', errors);
}

const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, OPEN311_TEXTS.unsupportedMediaType],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, OPEN311_TEXTS.unsupportedMediaType],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, OPEN311_TEXTS.malformedBody],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, OPEN311_TEXTS.malformedBody],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, OPEN311_TEXTS.malformedBody],
};

/** A query value: one string, or a 400 when repeated or nested. */
function one(query: unknown, key: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be given once`);
  return v;
}

/**
 * Open311 GeoReport v2 under /open311/v2 (public reads, CORS open to any origin; POST with an API key),
 * answering errors as the standard's `[{ code, description }]` in the format asked for; and the admin
 * console's key routes under /api/admin/open311Keys.
 */
export async function open311Routes(app: FastifyInstance, deps: Open311Deps): Promise<void> {
  const service = deps.open311;
  const readLimiter = createLimiter(deps.redis, { name: 'open311-read', max: deps.config.open311.readRateMax, windowMs: deps.config.rateLimit.windowMs });

  await app.register(async (scope) => {
    const tags = ['open311'];
    // The standard's POST is form-encoded; a small parser in this scope only (JSON works too).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      try {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      } catch {
        done(new HttpError(400, OPEN311_TEXTS.malformedBody), undefined);
      }
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const fmt = formatOf(request);
      if (error instanceof HttpError) return sendErrors(reply, fmt, error.statusCode, error.message);
      const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (mapped) return sendErrors(reply, fmt, mapped[0], mapped[1]);
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return sendErrors(reply, fmt, status, error.message || OPEN311_TEXTS.malformedBody);
      request.log.error({ err: error }, 'open311 request failed');
      return sendErrors(reply, fmt, 500, OPEN311_TEXTS.internal);
    });
    scope.addHook('onRequest', async (request, reply) => {
      // Public data: any web page may read it (no credentials are involved).
      reply.header('Access-Control-Allow-Origin', '*');
      if (request.method === 'GET' && !(await readLimiter.take(`ip:${request.ip}`))) throw new HttpError(429, OPEN311_TEXTS.rateLimited);
    });
    const checkFormat = (f: string): Format => {
      if (f !== 'json' && f !== 'xml') throw new HttpError(404, OPEN311_TEXTS.formatUnknown);
      return f;
    };
    const origin = (request: FastifyRequest) => originOf(request, deps.config.publicUrl);

    route(scope, API.open311.discovery, { schema: { tags } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      const base = origin(request);
      const body = {
        changeset: '2026-11-23T00:00:00+05:30',
        contact: `CivicPulse, ${CONTACT_DETAILS.email}`,
        key_service: `API keys for submitting requests are issued by the CivicPulse administrators: ${CONTACT_DETAILS.email}`,
        endpoints: [{ specification: SPEC_URL, url: `${base}/open311/v2`, changeset: '2026-11-23T00:00:00+05:30', type: 'production', formats: ['text/xml', 'application/json'] }],
      };
      if (f === 'json') return send(reply, f, 200, '', null, body);
      const xml = { ...body, endpoints: { endpoint: body.endpoints.map((e) => ({ ...e, formats: { format: e.formats } })) } };
      return send(reply, f, 200, 'discovery', null, xml);
    });

    route(scope, API.open311.services, { schema: { tags } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      return send(reply, f, 200, 'services', 'service', presentServices());
    });

    route(scope, API.open311.service, { schema: { tags } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      if (!isCategory(request.params.code)) throw new HttpError(404, OPEN311_TEXTS.serviceUnknown);
      const definition = { service_code: presentService(request.params.code).service_code, attributes: [] };
      if (f === 'json') return send(reply, f, 200, '', null, definition);
      return send(reply, f, 200, 'service_definition', null, { service_code: definition.service_code, attributes: '' });
    });

    route(scope, API.open311.requests, { schema: { tags } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      const q = request.query;
      const query: RequestQuery = {};
      for (const k of ['service_request_id', 'service_code', 'start_date', 'end_date', 'status', 'page_size', 'cursor', 'extensions'] as const) {
        const v = one(q, k);
        if (v !== undefined) query[k] = v.slice(0, 5000);
      }
      const page = await service.requests(query, origin(request));
      if (page.nextCursor) {
        const params = new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'cursor') as Array<[string, string]>);
        params.set('cursor', page.nextCursor);
        reply.header('Link', `<${origin(request)}/open311/v2/requests.${f}?${params.toString()}>; rel="next"`);
      }
      return send(reply, f, 200, 'service_requests', 'request', page.items);
    });

    route(scope, API.open311.request, { schema: { tags } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      // The standard answers a one-element list here too.
      const extensions = one(request.query, 'extensions') === 'true';
      return send(reply, f, 200, 'service_requests', 'request', [await service.request(request.params.id, origin(request), extensions)]);
    });

    route(scope, API.open311.createRequest, { schema: { tags, consumes: ['application/x-www-form-urlencoded', 'application/json'] } }, async (request, reply) => {
      const f = checkFormat(request.params.format);
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') throw new HttpError(415, OPEN311_TEXTS.unsupportedMediaType);
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
      const created = await service.create(body);
      return send(reply, f, 201, 'service_requests', 'request', [{ service_request_id: created.id, service_notice: created.notice, account_id: null }]);
    });
  });

  // The admin console: issue (the key is in this answer only), list, revoke. Each write is audited.
  const admin = deps.guards.requireAuth('admin');
  const limited = writeRateLimit(deps.config);
  const tags = ['admin'];
  route(app, API.open311.keys, { schema: { tags }, onRequest: admin }, async (request) =>
    service.keys(request.query.cursor),
  );
  route(
    app,
    API.open311.issueKey,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request, reply) => {
      const issued = await service.issueKey(caller(request), request.body ?? {});
      return reply.code(201).header('Cache-Control', 'no-store').send({ message: OPEN311_ADMIN_TEXTS.issued, ...issued });
    },
  );
  route(
    app,
    API.open311.revokeKey,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await service.revokeKey(caller(request), request.params.id);
      return { message: OPEN311_ADMIN_TEXTS.revoked };
    },
  );
}
