import { describe, expect, it } from 'vitest';
import {
  CATEGORY_CODES,
  DEFAULT_SERVICE_LEVELS,
  PRIORITIES,
  RATING_TEXTS,
  SERVICE_LEVEL_TEXTS,
  departmentScore,
  dueTimes,
  nextDueAt,
  ratingProblem,
  serviceLevelProblem,
  slaStageAt,
  type SlaSubject,
} from '../src/index.js';

const H = 3_600_000;
const T = Date.parse('2026-01-10T08:00:00.000Z');
const subject = (progressState: SlaSubject['progressState'], level = { responseHours: 2, resolutionHours: 12 }): SlaSubject => ({
  createdAt: new Date(T).toISOString(),
  ...dueTimes(T, level),
  progressState,
});

describe('the service-level clock rule', () => {
  it('has a sane default for every category and priority: whole hours, response within resolution, faster at higher priority', () => {
    for (const c of CATEGORY_CODES) {
      for (const p of PRIORITIES) expect(serviceLevelProblem(DEFAULT_SERVICE_LEVELS[c][p].responseHours, DEFAULT_SERVICE_LEVELS[c][p].resolutionHours)).toBeNull();
      const resolution = PRIORITIES.map((p) => DEFAULT_SERVICE_LEVELS[c][p].resolutionHours);
      expect([...resolution].sort((a, b) => b - a)).toEqual(resolution);
    }
    expect(DEFAULT_SERVICE_LEVELS.garbage.Critical.resolutionHours).toBe(12);
    expect(DEFAULT_SERVICE_LEVELS.garbage.Low.resolutionHours).toBe(48);
  });

  it('counts the response level while Unseen and the resolution level until Finished; escalates at twice the level', () => {
    expect(slaStageAt(subject('Unseen'), T + 2 * H - 1)).toBe(0);
    expect(slaStageAt(subject('Unseen'), T + 2 * H + 1)).toBe(1);
    expect(slaStageAt(subject('Unseen'), T + 4 * H + 1)).toBe(2);
    // Taken over: only the resolution level counts.
    expect(slaStageAt(subject('Work Started'), T + 4 * H + 1)).toBe(0);
    expect(slaStageAt(subject('Work Started'), T + 12 * H + 1)).toBe(1);
    expect(slaStageAt(subject('Work Started'), T + 24 * H + 1)).toBe(2);
    expect(slaStageAt(subject('Finished'), T + 100 * H)).toBe(0);
  });

  it('names the next time to look after what was already notified', () => {
    expect(nextDueAt(subject('Unseen'), 0)).toBe(new Date(T + 2 * H).toISOString());
    expect(nextDueAt(subject('Unseen'), 1)).toBe(new Date(T + 4 * H).toISOString());
    expect(nextDueAt(subject('Problem Seen'), 0)).toBe(new Date(T + 12 * H).toISOString());
    expect(nextDueAt(subject('Problem Seen'), 1)).toBe(new Date(T + 24 * H).toISOString());
    expect(nextDueAt(subject('Unseen'), 2)).toBeNull();
    expect(nextDueAt(subject('Finished'), 0)).toBeNull();
  });

  it('refuses hours that are not whole, out of 1..8760, or a response longer than the resolution', () => {
    for (const [r, f] of [[0, 5], [1, 8761], [1.5, 5], ['2', 5], [null, 5], [6, 5], [Number.NaN, 5], [2 ** 31, 2 ** 31]] as const) {
      expect(serviceLevelProblem(r, f)).not.toBeNull();
    }
    expect(serviceLevelProblem(6, 5)).toBe(SERVICE_LEVEL_TEXTS.responseAfterResolution);
    expect(serviceLevelProblem(1, 8760)).toBeNull();
  });
});

describe('ratings and the score', () => {
  it('takes no rating, or one of three, with an optional comment of at most 1000 characters', () => {
    expect(ratingProblem(undefined, undefined)).toBeNull();
    expect(ratingProblem('neutral', 'ok')).toBeNull();
    expect(ratingProblem('great', undefined)).toBe(RATING_TEXTS.invalidRating);
    expect(ratingProblem('satisfied', 'x'.repeat(1001))).toBe(RATING_TEXTS.commentTooLong);
    expect(ratingProblem(undefined, 'a comment')).toBe(RATING_TEXTS.commentWithoutRating);
  });

  it('scores 60% within the level and 40% satisfaction; the share alone without ratings; none before a finish', () => {
    expect(departmentScore({ finished: 0, withinLevel: 0, ratings: 0, satisfied: 0, neutral: 0 })).toBeNull();
    expect(departmentScore({ finished: 4, withinLevel: 3, ratings: 0, satisfied: 0, neutral: 0 })).toBe(750);
    expect(departmentScore({ finished: 2, withinLevel: 1, ratings: 2, satisfied: 1, neutral: 0 })).toBe(500);
    expect(departmentScore({ finished: 1, withinLevel: 0, ratings: 1, satisfied: 1, neutral: 0 })).toBe(400);
    expect(departmentScore({ finished: 1, withinLevel: 1, ratings: 1, satisfied: 0, neutral: 1 })).toBe(800);
  });
});
