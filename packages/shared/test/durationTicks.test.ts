/** The admin home's duration axis: round steps, at most five ticks, and no two reading the same. */
import { describe, expect, it } from 'vitest';
import { durationTicks, formatHours } from '../src/index.js';
import { ADMIN_UI_HI } from '../src/i18n/hi/admin.js';

describe('durationTicks', () => {
  it('gives distinct labels, in both languages, from a minute to years', () => {
    const maxima = [0, 0.001, 1 / 60, 0.02, 0.05, 0.07, 0.2, 0.5, 0.9, 1, 1.4, 2.5, 7, 13, 30, 47, 49, 100, 300, 700, 2000, 5000, 20_000, 100_000];
    for (const max of maxima) {
      const ticks = durationTicks(max);
      expect(ticks[0], `max ${max}`).toBe(0);
      expect(ticks.length, `max ${max}`).toBeGreaterThanOrEqual(2);
      expect(ticks.length, `max ${max}`).toBeLessThanOrEqual(5);
      expect(ticks[ticks.length - 1]!, `max ${max}`).toBeGreaterThanOrEqual(max);
      for (const format of [formatHours, ADMIN_UI_HI.hours]) {
        const labels = ticks.map((t) => format(t));
        expect(new Set(labels).size, `max ${max}: ${labels.join(' | ')}`).toBe(labels.length);
      }
    }
  });

  it('steps by round amounts: whole minutes under an hour, hours, days', () => {
    // The case that read "1 min" four times: medians of about a minute.
    expect(durationTicks(0.02).map((t) => formatHours(t))).toEqual(['0', '1 min', '2 min']);
    expect(durationTicks(0.9).map((t) => formatHours(t))).toEqual(['0', '15 min', '30 min', '45 min', '1 h']);
    expect(durationTicks(7).map((t) => formatHours(t))).toEqual(['0', '2 h', '4 h', '6 h', '8 h']);
    expect(durationTicks(100).map((t) => formatHours(t))).toEqual(['0', '2 days', '4 days', '6 days']);
  });

  it('takes a bad maximum as the smallest axis', () => {
    for (const bad of [Number.NaN, -3, Number.NEGATIVE_INFINITY]) expect(durationTicks(bad)).toEqual([0, 1 / 60]);
  });
});
