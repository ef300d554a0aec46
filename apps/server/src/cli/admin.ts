/**
 * Admin accounts are made here or from ADMIN_* at start, never through a public endpoint.
 *   npm run admin -- create --email a@b.in --password '...' --secret '...' [--name 'Ops Admin']
 */
import { parseArgs } from 'node:util';
import { LIMITS, EMAIL_PATTERN } from '@civicpulse/shared';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { AccountsRepo } from '../modules/accounts/repo.js';
import { AuthService } from '../modules/auth/service.js';
import { TokenService } from '../lib/tokens.js';
import { LocalStorage } from '../media/storage.js';

const usage = "usage: npm run admin -- create --email <email> --password <password> --secret <secret key> [--name <name>]";

async function run(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      secret: { type: 'string' },
      name: { type: 'string', default: 'Administrator' },
    },
  });
  if (positionals[0] !== 'create' || !values.email || !values.password || !values.secret) {
    console.error(usage);
    return 2;
  }
  if (!EMAIL_PATTERN.test(values.email)) {
    console.error('That email address is not valid.');
    return 2;
  }
  if (values.password.length < LIMITS.passwordMin || values.secret.length < LIMITS.passwordMin) {
    console.error(`Password and secret key need at least ${LIMITS.passwordMin} characters.`);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const auth = new AuthService(
      new AccountsRepo(database.db),
      new TokenService(config.jwtSecret, config.jwtExpiresIn),
      new LocalStorage(config.dataDir),
      config,
    );
    const result = await auth.ensureAdmin({ email: values.email, password: values.password, secret: values.secret, name: values.name });
    console.log(`Admin ${values.email} ${result}.`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.destroy();
  }
}

run().then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
