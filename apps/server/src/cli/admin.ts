/**
 * Admin accounts are made here or from ADMIN_* at start, never through a public endpoint.
 *   npm run admin -- create --email a@b.in --password '...' --secret '...' [--name 'Ops Admin']
 */
import { parseArgs } from 'node:util';
import { LIMITS, EMAIL_PATTERN } from '@civicpulse/shared';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { AccountsRepo } from '../modules/accounts/index.js';
import { UnitOfWork } from '../events/unitOfWork.js';
import { AuthService } from '../modules/auth/index.js';
import { TokenService } from '../lib/tokens.js';
import { systemClock } from '../lib/clock.js';
import { MemoryGuardStore } from '../lib/loginGuard.js';
import { createStorage } from '../media/drivers.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create    create an admin, or reset an existing admin's password and secret key

Options of create:
  --email <email>        the admin's login email (required)
  --password <password>  at least ${LIMITS.passwordMin} characters (required)
  --secret <secret key>  the admin login's secret key, at least ${LIMITS.passwordMin} characters (required)
  --name <name>          display name (default: Administrator)

  -h, --help             show this text

The database is the one the server uses: DATA_DIR (default ./data) or DATABASE_URL.
Example: npm run admin -- create --email ops@city.gov.in --password 'long-password' --secret 'long-secret'`;

/** Asks for help, or a mistake on the command line: usage, never a stack trace. */
function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        secret: { type: 'string' },
        name: { type: 'string', default: 'Administrator' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

async function run(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const command = positionals[0];
  if (command === undefined) {
    console.error(usage);
    return 2;
  }
  if (command !== 'create' || positionals.length > 1) {
    console.error(`Unknown command: ${positionals.join(' ')}\n\n${usage}`);
    return 2;
  }
  if (!values.email || !values.password || !values.secret) {
    console.error(`create needs --email, --password and --secret.\n\n${usage}`);
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
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  try {
    await migrateToLatest(database.db);
    const auth = new AuthService(
      new AccountsRepo(new UnitOfWork(database.db, database.engine)),
      new TokenService(config.jwtSecret, config.jwtExpiresIn),
      createStorage(config),
      config,
      // The CLI signs nobody in; the budget is there because the service needs one.
      new MemoryGuardStore(config.loginGuard),
      config.loginGuard,
      systemClock,
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

run(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
