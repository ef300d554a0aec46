/** Throwaway PostgreSQL databases and sign-ins for the benches. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database on the server of `adminUrl`; drop() removes it (connections included). */
export async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `civicpulse_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A database kept between runs under a fixed name (BENCH_SEED_DIR with PostgreSQL): created when
 * missing; `existed` says whether it was there already, recreate() empties it for a new seed.
 */
export async function keptPgDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; existed: boolean; recreate(): Promise<void>; release(): Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let existed: boolean;
  try {
    existed = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
  if (!existed) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    existed,
    recreate: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    },
    // The kept database stays; nothing to close (every client here is closed after its query).
    release: async () => {},
  };
}

/** Signs in through the API; the Authorization header and the account id from the token. */
export async function signIn(baseUrl: string, path: string, body: object): Promise<{ headers: Record<string, string>; id: string }> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  return { headers: { authorization: `Bearer ${token}` }, id: claims.id };
}
