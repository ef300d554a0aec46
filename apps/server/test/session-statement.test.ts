/**
 * Issue 31: every signed-in request reads its account, and on PostgreSQL that read is a statement each
 * connection keeps prepared (NAMED_STATEMENT), instead of being parsed and planned on every request.
 * A kept statement must survive a rolling update whose migration adds a column while this version
 * still serves: PostgreSQL refuses a prepared `select *` whose columns changed. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { NAMED_STATEMENT, withNamedStatements } from '../src/db/index.js';
import { createTestApp, signupCitizen, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let citizen: Actor;

beforeAll(async () => {
  t = await createTestApp();
  citizen = await signupCitizen(t.app, 'Kavya Rao');
});
afterAll(() => t.close());

const me = async () => t.app.inject({ method: 'GET', url: '/api/notifications', headers: citizen.auth });

describe("the session's account read", () => {
  it('keeps working when a migration adds a column to accounts while this version serves', async () => {
    // Enough requests that every pooled connection has run (and kept) the read.
    const before = await Promise.all(Array.from({ length: 12 }, me));
    expect(before.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const db = t.app.ctx.database.db;
    await sql`alter table accounts add column added_by_a_later_version text default 'x'`.execute(db);
    try {
      const after = await Promise.all(Array.from({ length: 12 }, me));
      expect(after.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(Array(12).fill('200 '));
      // The account is still the same one: its profile answers with its own name.
      const profile = await t.app.inject({ method: 'GET', url: `/api/user/profile/user/${citizen.id}`, headers: citizen.auth });
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.body).toContain('Kavya Rao');
      expect(profile.body).not.toContain('added_by_a_later_version');
    } finally {
      await sql`alter table accounts drop column added_by_a_later_version`.execute(db);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  it('prepares the statements marked NAMED_STATEMENT once per connection, and no other', async () => {
    const plain = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const pool = withNamedStatements(plain, 500, (text) => text.startsWith(NAMED_STATEMENT));
    const client = await pool.connect();
    try {
      for (let i = 0; i < 3; i++) {
        expect((await client.query(`${NAMED_STATEMENT}select $1::int + 1 as n`, [i])).rows).toEqual([{ n: i + 1 }]);
        expect((await client.query('select $1::int * 2 as n', [i])).rows).toEqual([{ n: i * 2 }]);
      }
      const kept = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(kept.rows.map((r) => r.statement)).toEqual([`${NAMED_STATEMENT}select $1::int + 1 as n`]);
    } finally {
      client.release();
      await plain.end();
    }
  });
});
