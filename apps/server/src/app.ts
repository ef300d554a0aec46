import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { LIMITS, PRODUCT_NAME, TEXTS } from '@civicpulse/shared';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { migrateToLatest, openDatabase, type Database } from './db/index.js';
import { startDatabaseMaintenance } from './db/maintenance.js';
import { TokenService } from './lib/tokens.js';
import { createStorage } from './media/drivers.js';
import type { Storage } from './media/storage.js';
import { compiledSerializerCompiler } from './plugins/serializer.js';
import { mediaRoutes } from './media/routes.js';
import { registerModule } from './lib/module.js';
import { accountModule } from './modules/account/index.js';
import { adminModule } from './modules/admin/index.js';
import { assistantModule } from './modules/assistant/index.js';
import { authModule } from './modules/auth/index.js';
import { chatModule } from './modules/chat/index.js';
import { commentsModule } from './modules/comments/index.js';
import { configModule } from './modules/config/index.js';
import { contactModule } from './modules/contact/index.js';
import { healthModule } from './modules/health/index.js';
import { jurisdictionsModule } from './modules/jurisdictions/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { open311Module } from './modules/open311/index.js';
import { openDataModule } from './modules/opendata/index.js';
import { postsModule } from './modules/posts/index.js';
import { profilesModule } from './modules/profiles/index.js';
import { progressModule } from './modules/progress/index.js';
import { serviceLevelsModule } from './modules/servicelevels/index.js';
import { SlaSweeper } from './modules/servicelevels/index.js';
import { votesModule } from './modules/votes/index.js';
import { mailModule } from './modules/mail/index.js';
import { alertsModule } from './modules/alerts/index.js';
import { pushModule } from './modules/push/index.js';
import { followsModule } from './modules/follows/index.js';
import { notesModule } from './modules/notes/index.js';
import { moderationModule } from './modules/moderation/index.js';
import { teamModule } from './modules/team/index.js';
import { redactionModule } from './modules/redaction/index.js';
import { MediaSweeper } from './media/sweep.js';
import { exclusiveRunner } from './db/lock.js';
import type { Clock } from './lib/clock.js';
import { configureMediaUrls } from './lib/urls.js';
import { LiveHub } from './live/hub.js';
import { checkRouteGuard, createGuards } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuards } from './plugins/input.js';
import { registerLanguage } from './plugins/language.js';
import { registerBigAnswers } from './plugins/bigAnswers.js';
import { registerWeb } from './plugins/web.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerRequestIdEcho, requestIdOf } from './plugins/request-id.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered (method, url): the authorization matrix test checks it covers them all. */
    routeTable: Array<{ method: string; url: string }>;
    /** Removes upload files no row references (at start, then every 10 minutes). */
    mediaSweeper: MediaSweeper;
    /** Marks overdue and escalated reports every SLA_SWEEP_INTERVAL_MS (issue 16). */
    slaSweeper: SlaSweeper;
    /** Socket.IO on /socket.io (issue 13). */
    live: LiveHub;
  }
}

export interface BuildOptions {
  database?: Database;
  /** The services' clock (tests: a ManualClock); default the system clock. */
  clock?: Clock;
  storage?: Storage;
  logger?: boolean;
  /** Tests: the https agent Web Push requests use (one trusting a loopback push service). */
  pushAgent?: import('node:https').Agent;
  /** Where the log lines go (default stdout); tests read them to check what is logged at which level. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server: used by main.ts and by every test suite (one app per suite). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database = opts.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  await migrateToLatest(database.db);
  const maintenance = await startDatabaseMaintenance(database, (err) => app.log.warn({ err }, 'gathering planner statistics failed'));
  // A storage passed in belongs to the caller; one built here is closed with the app.
  const storage = opts.storage ?? createStorage(config);
  const ownsStorage = !opts.storage;
  configureMediaUrls(config.mediaPublicUrl);
  const tokens = new TokenService(config.jwtSecret, config.jwtExpiresIn);
  const logSink = {
    warn: (obj: object, msg: string) => app.log.warn(obj, msg),
    info: (obj: object, msg: string) => app.log.info(obj, msg),
    error: (obj: object, msg: string) => app.log.error(obj, msg),
  };
  // keyPrefix: ioredis puts it before every key a command names (scripts' KEYS too); the live
  // connection's publish/subscribe channel takes it in live/hub.ts.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, ...(config.redisKeyPrefix ? { keyPrefix: config.redisKeyPrefix } : {}) })
    : undefined;
  const ctx = createContext(config, database, storage, tokens, logSink, redis, opts.clock, opts.pushAgent);
  if (config.admin) await ctx.services.auth.ensureAdmin(config.admin);

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.secretKey'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A stalled client cannot hold a connection forever; uploads of 6 x 10 MB fit well inside.
    requestTimeout: 120_000,
    forceCloseConnections: 'idle',
    // Logged as reqId on every line of a request; taken from the proxy's X-Request-Id when sane.
    genReqId: requestIdOf,
  });
  registerRequestIdEcho(app);
  // Without a listener ioredis prints every failed reconnect to stderr; in the log it carries context.
  redis?.on('error', (err: unknown) => app.log.warn({ err }, 'Redis connection failed'));
  app.decorate('ctx', ctx);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorateRequest('account', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);
  // Before any route: every answer's { message } follows Accept-Language (issue 17).
  registerLanguage(app);
  // Unpaged lists (up to 500 posts) one or two at a time, and big answers written in slices, so they
  // do not stall the other requests of the process. SQLite reads synchronously: one at a time gains the
  // same throughput; PostgreSQL works on two while answering.
  registerBigAnswers(app, { unpagedAtOnce: database.engine === 'postgres' ? 2 : 1 });

  const live = new LiveHub(
    app.server,
    { config, tokens, accounts: ctx.repos.accounts, bus: ctx.bus, chat: ctx.services.chat, posts: ctx.services.posts },
    { redis, log: logSink },
  );
  app.decorate('live', live);
  // Before the plugins, so the latency hook also times their routes (/api/docs, /uploads).
  registerMetrics(app, { token: config.metricsToken, live, database });
  // Live connections end before the HTTP server closes (it would wait for upgraded sockets forever);
  // their clients reconnect, through the load balancer, to a process that is still up.
  app.addHook('preClose', (done) => {
    live.close();
    done();
  });
  const sweeper = new MediaSweeper(storage, ctx.repos.media, app.log, undefined, exclusiveRunner(database));
  app.decorate('mediaSweeper', sweeper);
  const slaSweeper = new SlaSweeper(ctx.services.serviceLevels, exclusiveRunner(database), app.log);
  app.decorate('slaSweeper', slaSweeper);
  app.addHook('onClose', async () => {
    await live.closeAdapter();
    redis?.disconnect();
    // Start-up statistics (PostgreSQL) stop between tables and finish before the database goes away.
    await maintenance.stop();
    // A sweep in progress finishes its queries before the database goes away.
    await sweeper.stop();
    await slaSweeper.stop();
    await ctx.services.mailSender.stop();
    await ctx.services.alertMatcher.stop();
    await ctx.services.pushSender.stop();
    await ctx.services.followNotifier.stop();
    if (ownsStorage) await storage.close?.();
    await database.destroy();
  });

  // API-CONTRACT "Cross-origin use": an allowed origin may use every method the API has, with a token.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: createPost's retry-safe key (issue 17); Idempotent-Replayed says a retry was answered from it.
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Idempotent-Replayed'],
    credentials: false,
    maxAge: 600,
  });
  await registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'civicpulse-rl:' } : {}),
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: TEXTS.auth.rateLimited }),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imagesPerPostMax, fields: 30, fieldSize: 100_000, parts: 40 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });


  app.addHook('onRoute', checkRouteGuard);
  const guards = createGuards({ tokens, accounts: ctx.repos.accounts, ...(opts.clock ? { clock: opts.clock } : {}) });
  // The container modules pick their declared dependencies from (lib/module.ts): each module is given
  // what its `needs` names and nothing else.
  const container = { ...ctx.services, config, guards, database, storage, redis, help: ctx.help, accountLookup: ctx.repos.accounts };
  for (const register of [
    () => registerModule(app, healthModule, container),
    () => registerModule(app, configModule, container),
    () => registerModule(app, authModule, container),
    () => registerModule(app, contactModule, container),
    () => registerModule(app, postsModule, container),
    () => registerModule(app, votesModule, container),
    () => registerModule(app, commentsModule, container),
    () => registerModule(app, progressModule, container),
    () => registerModule(app, adminModule, container),
    () => registerModule(app, profilesModule, container),
    () => registerModule(app, jurisdictionsModule, container),
    () => registerModule(app, accountModule, container),
    () => registerModule(app, chatModule, container),
    () => registerModule(app, notificationsModule, container),
    () => registerModule(app, assistantModule, container),
    () => registerModule(app, serviceLevelsModule, container),
    () => registerModule(app, open311Module, container),
    () => registerModule(app, openDataModule, container),
    () => registerModule(app, mailModule, container),
    () => registerModule(app, alertsModule, container),
    () => registerModule(app, pushModule, container),
    () => registerModule(app, followsModule, container),
    () => registerModule(app, notesModule, container),
    () => registerModule(app, moderationModule, container),
    () => registerModule(app, teamModule, container),
    () => registerModule(app, redactionModule, container),
  ]) {
    await register();
  }
  mediaRoutes(app, { storage });
  await registerWeb(app, config.webDist);

  // Not awaited: a large upload folder must not delay start; files it removes were unreachable
  // through any row anyway.
  sweeper.start();
  slaSweeper.start(config.slaSweepIntervalMs);
  // Issue 27: say where email goes, so a newcomer knows to look in DATA_DIR/outbox.
  app.log.info(`email: ${ctx.services.mailSender.description}`);
  ctx.services.mailSender.start();
  ctx.services.alertMatcher.start();
  ctx.services.pushSender.start();
  ctx.services.followNotifier.start();
  return app;
}
