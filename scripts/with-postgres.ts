/**
 * Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server. Each test suite creates
 * (and drops) its own fresh database there, so runs never see each other's rows.
 * Uses TEST_DATABASE_URL or DATABASE_URL when set, else the local server at 127.0.0.1:5432.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  await client.query('select 1');
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${(err as Error).message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: with-postgres <command> [args...]');
  process.exit(2);
}
const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: url };
delete env.DATABASE_URL;
const child = spawn(cmd, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
