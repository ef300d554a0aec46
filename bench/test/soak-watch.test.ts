/**
 * The soak's wait between the capacity search and the soak (bench/src/soak-watch.ts, issue 31 item 5):
 * it starts the soak only after enough quiet seconds in a row, and a second it could not read is not quiet.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET, quiet, settleLine, type Second } from '../src/soak-watch.js';

const calm = (t: number): Second => ({ t, cpuBusy: 0.05, poolWaiting: 0, pgActive: 0, autovacuum: 0 });

describe('the soak waits for a quiet machine', () => {
  it('needs the rule\'s seconds in a row, each under every bound', () => {
    const five = [1, 2, 3, 4, 5].map((t) => calm(t * 1000));
    expect(quiet(five)).toBe(true);
    expect(quiet(five.slice(1)), 'four quiet seconds').toBe(false);
    // After a busy second, five more quiet ones are needed.
    const busy = [calm(0), { ...calm(1000), cpuBusy: 0.9 }, ...[2, 3, 4, 5].map((t) => calm(t * 1000))];
    expect(quiet(busy)).toBe(false);
    expect(quiet([...busy, calm(6000)])).toBe(true);
    for (const loud of [{ cpuBusy: 0.25 }, { poolWaiting: 3 }, { pgActive: 2 }]) {
      expect(quiet([...five.slice(0, 4), { ...calm(5000), ...loud }]), JSON.stringify(loud)).toBe(false);
    }
    // One session running (a background worker's poll) is still quiet; autovacuum alone is not watched.
    expect(quiet([...five.slice(0, 4), { ...calm(5000), pgActive: 1, autovacuum: 2 }])).toBe(true);
  });

  it('counts a second without a reading as busy', () => {
    const five = [1, 2, 3, 4, 5].map((t) => calm(t * 1000));
    expect(quiet([...five.slice(0, 4), { t: 5000, cpuBusy: 0.05, pgActive: 0 }]), 'no pool figure (/metrics timed out)').toBe(false);
    expect(quiet([...five.slice(0, 4), { t: 5000, cpuBusy: 0.05, poolWaiting: 0 }]), 'no PostgreSQL figure').toBe(false);
    expect(quiet([...five.slice(0, 4), { t: 5000, poolWaiting: 0, pgActive: 0 }]), 'no CPU figure').toBe(false);
  });

  it('reports how long it waited and what the search left behind', () => {
    const readings = [{ t: 1000, cpuBusy: 1, poolWaiting: 104, pgActive: 10, autovacuum: 1 }, ...[2, 3, 4, 5, 6].map((t) => calm(t * 1000))];
    expect(settleLine({ seconds: 6.2, settled: true, readings }, DEFAULT_QUIET)).toBe(
      'Between the capacity search and the soak the bench waited 6 s for the machine to settle (5 seconds in a row with the machine\'s CPU under 25%, no query waiting for the pool and at most 1 PostgreSQL session running); ' +
        'the first second after it: machine CPU 100%, pool waiting 104, PG running 10, autovacuum 1; the worst second: CPU 100%, pool waiting 104, PG running 10.',
    );
    expect(settleLine({ seconds: 300, settled: false, readings: readings.slice(0, 1) })).toMatch(/^The machine did not settle within 300 s of the capacity search .*; the soak started anyway; /);
  });
});
