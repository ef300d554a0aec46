import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { TokenService } from './lib/tokens.js';
import type { Storage } from './media/storage.js';
import { AccountsRepo } from './modules/accounts/repo.js';
import { AuthService } from './modules/auth/service.js';
import { ContactRepo } from './modules/contact/repo.js';

/** Everything a route needs, built once per app: repositories (queries) and services (rules). */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  tokens: TokenService;
  repos: { accounts: AccountsRepo; contact: ContactRepo };
  services: { auth: AuthService };
}

export function createContext(config: Config, database: Database, storage: Storage, tokens: TokenService): AppContext {
  const accounts = new AccountsRepo(database.db);
  const contact = new ContactRepo(database.db);
  return {
    config,
    database,
    storage,
    tokens,
    repos: { accounts, contact },
    services: { auth: new AuthService(accounts, tokens, storage, config) },
  };
}
