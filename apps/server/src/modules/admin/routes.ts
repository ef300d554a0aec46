import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  API,
  ADMIN_TEXTS,
  POST_TEXTS,
  TEXTS,
  parseBbox,
  parsePriorityFilter,
  parseProgressFilter,
  parseSort,
  pickLanguage,
} from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { badRequest } from '../../lib/errors.js';
import { originOf } from '../../lib/urls.js';
import { caller } from '../../plugins/auth.js';
import { route } from '../../lib/route.js';
import type { Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { pagingOf } from '../posts/index.js';
import { CSV_HEADER, csvLine, geoJsonFeature } from './presenter.js';

import type { AdminService } from './service.js';
import type { PostViews, PostsService } from '../posts/index.js';
import type { Config } from '../../config.js';

/** What the admin routes are given (see lib/module.ts). */
export interface AdminDeps {
  admin: AdminService;
  postViews: PostViews;
  posts: PostsService;
  config: Config;
  guards: Guards;
}

/** Spec 2.13 and issue 11: the admin's lists, moderation, figures and exports. Every write is rate limited and audited. */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const admin = deps.guards.requireAuth('admin');
  const limited = writeRateLimit(deps.config);
  const tags = ['admin'];
  const service = deps.admin;

  function filters(q: { priority?: string | undefined; progress?: string | undefined }) {
    // The admin screen's filter speaks low/medium/high/urgent (spec 2.10); both readings are accepted.
    const priority = parsePriorityFilter(q.priority);
    if (priority === null) throw badRequest(POST_TEXTS.invalidPriority);
    const progressState = parseProgressFilter(q.progress);
    if (progressState === null) throw badRequest(ADMIN_TEXTS.invalidProgress);
    return { priority, progressState };
  }

  route(
    app,
    API.admin.posts,
    { schema: { tags }, onRequest: admin },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort);
      if (!sort) throw badRequest(POST_TEXTS.invalidSort);
      const me = caller(request);
      const page = await deps.postViews.list(
        { ...filters(q), category: q.category, captionContains: q.q?.trim() || undefined },
        { sort, cursor: q.cursor, limit: q.limit, shape: q.shape, reader: '*' },
        me.id,
        originOf(request, deps.config.publicUrl),
      );
      return { posts: page.items, ...pagingOf(page, q.limit !== undefined) };
    },
  );

  route(
    app,
    API.admin.users,
    { schema: { tags }, onRequest: admin },
    async (request) => {
      const page = await service.users(request.query);
      return { users: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  route(
    app,
    API.admin.governments,
    { schema: { tags }, onRequest: admin },
    async (request) => {
      const page = await service.governments(request.query, originOf(request, deps.config.publicUrl));
      return { governments: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  route(
    app,
    API.admin.verifyGovernment,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await service.verify(caller(request), request.params.id);
      return { message: TEXTS.success.governmentVerified };
    },
  );

  route(
    app,
    API.admin.unverifyGovernment,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await service.unverify(caller(request), request.params.id, request.body.reason);
      return { message: ADMIN_TEXTS.governmentRevoked };
    },
  );

  route(
    app,
    API.admin.deletePost,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await deps.posts.remove(request.params.id, caller(request), { asAdmin: true, reason: request.body?.reason });
      return { message: TEXTS.success.postDeleted };
    },
  );

  route(
    app,
    API.admin.deleteUser,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await service.deleteUser(caller(request), request.params.id, request.body?.reason);
      return { message: TEXTS.success.userDeleted };
    },
  );

  route(
    app,
    API.admin.deleteGovernment,
    { schema: { tags }, onRequest: admin, config: limited },
    async (request) => {
      await service.deleteGovernment(caller(request), request.params.id, request.body?.reason);
      return { message: TEXTS.success.governmentDeleted };
    },
  );

  route(
    app,
    API.admin.audit,
    { schema: { tags }, onRequest: admin },
    async (request) => {
      const page = await service.audit(request.query);
      return { entries: page.items, nextCursor: page.nextCursor };
    },
  );

  route(app, API.admin.stats, { schema: { tags }, onRequest: admin }, async () => service.stats());

  route(app, API.admin.me, { schema: { tags }, onRequest: admin }, async (request) => service.me(caller(request)));

  route(
    app,
    API.admin.heatmap,
    { schema: { tags }, onRequest: admin },
    async (request) => {
      const box = parseBbox(request.query.bbox);
      if (!box) throw badRequest(ADMIN_TEXTS.invalidBbox);
      return service.heatmap(box);
    },
  );

  // Exports stream batch by batch: a million rows never sit in memory at once.
  route(app, API.admin.exportCsv, { schema: { tags }, onRequest: admin }, async (request, reply) => {
    const rows = service.exportRows(filters(request.query));
    const names = pickLanguage(request.headers['accept-language']) === 'hi' ? SHARED_HI.NAMES : undefined;
    async function* csv() {
      yield CSV_HEADER;
      for await (const batch of rows) yield batch.map((row) => csvLine(row, names)).join('');
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Vary', 'Accept-Language')
      .header('Content-Disposition', 'attachment; filename="civicpulse-posts.csv"')
      .header('Cache-Control', 'no-store')
      .send(Readable.from(csv()));
  });

  route(app, API.admin.exportGeoJson, { schema: { tags }, onRequest: admin }, async (request, reply) => {
    const rows = service.exportRows(filters(request.query));
    async function* geojson() {
      yield '{"type":"FeatureCollection","features":[';
      let first = true;
      for await (const batch of rows) {
        yield (first ? '' : ',') + batch.map(geoJsonFeature).join(',');
        first = false;
      }
      yield ']}\n';
    }
    return reply
      .type('application/geo+json; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="civicpulse-posts.geojson"')
      .header('Cache-Control', 'no-store')
      .send(Readable.from(geojson()));
  });

  // Item 4: the proof a department uploaded, for admins and that department only; never cached, never a public URL.
  route(
    app,
    API.admin.proofDocument,
    { schema: { tags: ['government'] }, onRequest: deps.guards.requireAuth('admin', 'government') },
    async (request, reply) => {
      // Streamed from storage (the bucket's response, with S3): only this route ever reads a private key.
      const file = await service.proofDocument(caller(request), request.params.id);
      if (file.size !== undefined) reply.header('Content-Length', file.size);
      return reply
        .type(file.type)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="proof-${request.params.id}.${file.type === 'application/pdf' ? 'pdf' : file.type.split('/')[1] ?? 'bin'}"`)
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
}
