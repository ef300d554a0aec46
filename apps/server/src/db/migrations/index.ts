import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_accounts.js';

/** Migrations are imported statically so they work the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
