/**
 * DATABASE_POOL_MAX: the PostgreSQL connections one server process opens at most. Each process of a
 * cluster opens its own pool, so an operator sizes processes × pool under max_connections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-pool-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 and takes 1 to 200', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).databasePoolMax).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_POOL_MAX: '1' }).databasePoolMax).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_POOL_MAX: '200' }).databasePoolMax).toBe(200);
  });

  it('refuses 0, more than 200 and non-integers, naming the variable', () => {
    for (const bad of ['0', '201', '2.5', 'ten', '-3']) {
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_POOL_MAX: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('the pool on PostgreSQL', () => {
  it('opens at most DATABASE_POOL_MAX connections; the other queries wait for one and all are answered', async () => {
    const database = openDatabase({ databaseUrl: pgUrl, dataDir, poolMax: 2 });
    const pool = database.pool!;
    try {
      let peak = 0;
      let peakWaiting = 0;
      const watch = setInterval(() => {
        peak = Math.max(peak, pool.totalCount);
        peakWaiting = Math.max(peakWaiting, pool.waitingCount);
      }, 5);
      const tag = `pool-test-${process.pid}-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => sql<{ n: number }>`select ${i}::int as n, pg_sleep(0.05), ${tag}::text as tag`.execute(database.db)),
      );
      clearInterval(watch);
      expect(answers.map((a) => a.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(peak).toBe(2);
      expect(peakWaiting).toBeGreaterThanOrEqual(3);
    } finally {
      await database.destroy();
    }
  });
});
