/**
 * The reference for "framework overhead": the feed page's exact data work (the server's own
 * PostListingRepo, PostViews and presenter, so the same SQL statements) answered by a bare node:http
 * server with JSON.stringify, without Fastify, authentication, validation or the response schema.
 * Started by lists.ts like the real server (PORT, DATA_DIR or DATABASE_URL, BENCH_VIEWER_ID).
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/index.js';
import type { Storage } from '../../apps/server/src/media/storage.js';
import { UnitOfWork } from '../../apps/server/src/events/unitOfWork.js';
// The services and repositories themselves, not the modules' index.ts (which also brings their routes).
import { CommentsRepo } from '../../apps/server/src/modules/comments/repo.js';
import { CommentsService } from '../../apps/server/src/modules/comments/service.js';
import { PostListingRepo } from '../../apps/server/src/modules/posts/listing.js';
import { PostsRepo } from '../../apps/server/src/modules/posts/repo.js';
import { PostsService } from '../../apps/server/src/modules/posts/service.js';
import { PostViews } from '../../apps/server/src/modules/posts/views.js';
import { ProgressRepo } from '../../apps/server/src/modules/progress/repo.js';
import { ProgressService } from '../../apps/server/src/modules/progress/service.js';
import { VotesRepo } from '../../apps/server/src/modules/votes/repo.js';
import { VotesService } from '../../apps/server/src/modules/votes/service.js';
import type { ServiceLevelsService } from '../../apps/server/src/modules/servicelevels/service.js';

const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? path.resolve('data') });
const work = new UnitOfWork(database.db, database.engine);
const repo = new PostsRepo(work);
const posts = new PostsService(repo, undefined as unknown as Storage);
const progress = new ProgressService(new ProgressRepo(work), posts, undefined as unknown as Storage, undefined as unknown as ServiceLevelsService, work.clock);
const service = new PostViews(new PostListingRepo(database.db), posts, new VotesService(new VotesRepo(work), posts), new CommentsService(new CommentsRepo(work), posts), progress);
const viewer = process.env.BENCH_VIEWER_ID ?? '';
const origin = process.env.PUBLIC_URL ?? 'http://127.0.0.1';

const server = createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  service.list({}, { limit: 20 }, viewer, origin).then(
    (page) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ posts: page.items, nextCursor: page.nextCursor }));
    },
    (err: unknown) => {
      res.writeHead(500).end(String(err));
    },
  );
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void database.destroy().then(() => process.exit(0));
});
