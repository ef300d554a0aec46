import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { TokenService } from './lib/tokens.js';
import { MediaRepo } from './media/repo.js';
import type { Storage } from './media/storage.js';
import { AccountsRepo } from './modules/accounts/repo.js';
import { AdminRepo } from './modules/admin/repo.js';
import { AdminService } from './modules/admin/service.js';
import { ProfilesService } from './modules/profiles/service.js';
import { AccountService } from './modules/account/service.js';
import { EventBus } from './events/index.js';
import { AuthService } from './modules/auth/service.js';
import { ContactRepo } from './modules/contact/repo.js';
import { PostsRepo } from './modules/posts/repo.js';
import { PostsService } from './modules/posts/service.js';
import { ProgressService } from './modules/progress/service.js';
import { RoutingService } from './modules/routing/service.js';

/** Everything a route needs, built once per app: repositories (queries) and services (rules). */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  tokens: TokenService;
  /** Committed write events (audit entries today) for in-process listeners. */
  bus: EventBus;
  repos: { accounts: AccountsRepo; contact: ContactRepo; posts: PostsRepo; media: MediaRepo };
  services: { account: AccountService; admin: AdminService; auth: AuthService; profiles: ProfilesService; posts: PostsService; progress: ProgressService; routing: RoutingService };
}

export function createContext(
  config: Config,
  database: Database,
  storage: Storage,
  tokens: TokenService,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): AppContext {
  const accounts = new AccountsRepo(database.db, database.engine);
  const contact = new ContactRepo(database.db);
  const posts = new PostsRepo(database.db, database.engine);
  const bus = new EventBus(log);
  // Every admin action also goes to the server log, with who did it and why.
  bus.on('audit', (e) => log.info({ audit: e.entry }, `admin ${e.entry.action} ${e.entry.target_type} ${e.entry.target_id}`));
  const postsService = new PostsService(posts, storage, bus);
  const adminService = new AdminService(accounts, new AdminRepo(database.db), storage, bus, log);
  return {
    config,
    database,
    storage,
    tokens,
    bus,
    repos: { accounts, contact, posts, media: new MediaRepo(database.db) },
    services: {
      admin: adminService,
      auth: new AuthService(accounts, tokens, storage, config),
      profiles: new ProfilesService(accounts, storage, postsService, adminService),
      account: new AccountService(accounts, storage, config, log),
      posts: postsService,
      progress: new ProgressService(posts, postsService, storage),
      routing: new RoutingService(config.routing, log),
    },
  };
}
