/**
 * Service levels, escalation and feedback (issue 16 items 6 and 7): how long a department may take to
 * take a report over ("response") and to carry it to Finished ("resolution") for each category and
 * priority, the rule that says whether a report is overdue or escalated, the reporter's rating of a
 * fix, and the department figures built from them. Pure, so the server, the web app and the tests
 * agree on one clock rule.
 */
import type { Category } from './categories.js';
import type { Priority } from './constants.js';
import type { ProgressState } from './progress.js';
import { OVERDUE_TEXTS } from './postCardUi.js';

export interface LevelHours {
  /** Report → take-over by a department. */
  responseHours: number;
  /** Report → Finished (the reporter confirmed the fix). */
  resolutionHours: number;
}

const h = (response: [number, number, number, number], resolution: [number, number, number, number]): Record<Priority, LevelHours> => ({
  Low: { responseHours: response[0], resolutionHours: resolution[0] },
  Medium: { responseHours: response[1], resolutionHours: resolution[1] },
  High: { responseHours: response[2], resolutionHours: resolution[2] },
  Critical: { responseHours: response[3], resolutionHours: resolution[3] },
});

/**
 * The defaults, in hours, as [Low, Medium, High, Critical]. Modelled on Indian municipal citizen
 * charters (Swachhata / municipal grievance charters: garbage cleared within 12-48 h, water supply
 * complaints attended the same day, streetlights within 72 h, civil works such as potholes and
 * encroachments within weeks). Admins override any of them in the admin console (stored in the
 * database); these are what applies where no override is stored. docs/api.md "Service levels" lists them.
 */
export const DEFAULT_SERVICE_LEVELS: Record<Category, Record<Priority, LevelHours>> = {
  roads: h([48, 24, 12, 4], [720, 336, 168, 48]),
  garbage: h([24, 12, 6, 2], [48, 36, 24, 12]),
  streetlights: h([48, 24, 12, 4], [168, 120, 72, 24]),
  water: h([24, 12, 4, 1], [120, 72, 24, 8]),
  drainage: h([24, 12, 6, 2], [168, 72, 48, 12]),
  encroachment: h([72, 48, 24, 8], [720, 480, 240, 72]),
  parks: h([72, 48, 24, 8], [720, 336, 168, 48]),
  animals: h([24, 12, 6, 2], [168, 72, 48, 12]),
  traffic: h([24, 12, 4, 1], [168, 72, 24, 6]),
  toilets: h([24, 12, 6, 2], [72, 48, 24, 12]),
  noise: h([24, 12, 4, 1], [72, 48, 24, 6]),
  other: h([72, 48, 24, 8], [720, 336, 168, 72]),
};

/** Whole hours from one hour to one year. */
export const SERVICE_LEVEL_LIMITS = { hoursMin: 1, hoursMax: 8760, ratingCommentMaxChars: 1000, rankingPageDefault: 20, rankingPageMax: 50, citiesMax: 200 } as const;

const HOUR_MS = 3_600_000;

export const SERVICE_LEVEL_TEXTS = {
  /** The cards' overdue mark (the feed's first paint imports OVERDUE_TEXTS alone). */
  ...OVERDUE_TEXTS,
  heading: 'Service levels',
  intro: 'How long departments have to take over a report (response) and to finish it (resolution), per category and priority. Reports past a level are marked Overdue; at twice the time they are escalated.',
  shortcut: 'Response and resolution times per category and priority, and the department ranking.',
  response: 'Response (hours)',
  resolution: 'Resolution (hours)',
  save: 'Save',
  saved: 'Service level saved',
  failed: 'Failed to save the service level',
  defaultMark: 'default',
  invalidCategory: 'Please choose one of the categories',
  invalidPriority: 'Please choose a priority of Low, Medium, High or Critical',
  hours: (field: string) => `${field} must be a whole number of hours from ${SERVICE_LEVEL_LIMITS.hoursMin} to ${SERVICE_LEVEL_LIMITS.hoursMax}`,
  invalidCity: 'City must be plain text',
  responseAfterResolution: 'The response time cannot be longer than the resolution time',
} as const;

/** Validates one edit; null when it is fine. */
export function serviceLevelProblem(responseHours: unknown, resolutionHours: unknown): string | null {
  const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= SERVICE_LEVEL_LIMITS.hoursMin && v <= SERVICE_LEVEL_LIMITS.hoursMax;
  if (!whole(responseHours)) return SERVICE_LEVEL_TEXTS.hours('Response time');
  if (!whole(resolutionHours)) return SERVICE_LEVEL_TEXTS.hours('Resolution time');
  if ((responseHours as number) > (resolutionHours as number)) return SERVICE_LEVEL_TEXTS.responseAfterResolution;
  return null;
}


// ---- the clock rule ----

/** 0: on time; 1: overdue (past a level); 2: escalated (past twice a level). */
export type SlaStage = 0 | 1 | 2;

export interface SlaSubject {
  createdAt: string;
  responseDueAt: string;
  resolutionDueAt: string;
  progressState: ProgressState;
}

/** The due times of a report filed at `createdMs` under a level. */
export function dueTimes(createdMs: number, level: LevelHours): { responseDueAt: string; resolutionDueAt: string } {
  return {
    responseDueAt: new Date(createdMs + level.responseHours * HOUR_MS).toISOString(),
    resolutionDueAt: new Date(createdMs + level.resolutionHours * HOUR_MS).toISOString(),
  };
}

/**
 * The levels still counting for a report, each as [due, escalate] in ms: the response level until a
 * department takes the report over (and again if it is released back to Unseen), the resolution level
 * until Finished. Escalation is at twice the level, counted from the report.
 */
function counting(s: SlaSubject): Array<[number, number]> {
  const created = Date.parse(s.createdAt);
  const out: Array<[number, number]> = [];
  const level = (dueAt: string): [number, number] => {
    const due = Date.parse(dueAt);
    return [due, due + (due - created)];
  };
  if (s.progressState === 'Unseen') out.push(level(s.responseDueAt));
  if (s.progressState !== 'Finished') out.push(level(s.resolutionDueAt));
  return out;
}

/** Which stage a report is at by `nowMs`: what cards show, exact even between sweeps. */
export function slaStageAt(s: SlaSubject, nowMs: number): SlaStage {
  let stage: SlaStage = 0;
  for (const [due, escalate] of counting(s)) {
    if (nowMs > escalate) return 2;
    if (nowMs > due) stage = 1;
  }
  return stage;
}

/**
 * When the sweeper must look at the report again: the first time a counting level passes the next
 * stage after the one already notified; null when nothing is left to notify (escalated, or Finished).
 */
export function nextDueAt(s: SlaSubject, notified: SlaStage): string | null {
  if (notified >= 2) return null;
  let next: number | null = null;
  for (const pair of counting(s)) {
    const t = notified === 0 ? pair[0] : pair[1];
    if (next === null || t < next) next = t;
  }
  return next === null ? null : new Date(next).toISOString();
}


/** A report's service-level clock as answered on every Post (serviceLevelState in serviceLevelsSchema.ts). */
export interface ServiceLevelState {
  responseDueAt: string;
  resolutionDueAt: string;
  /** Past the response level while waiting for a department, or past the resolution level before Finished. */
  overdue: boolean;
  /** Past twice a level: the department and the admins were told again. */
  escalated: boolean;
}

export function serviceLevelStateOf(s: SlaSubject, nowMs: number): ServiceLevelState {
  const stage = slaStageAt(s, nowMs);
  return { responseDueAt: s.responseDueAt, resolutionDueAt: s.resolutionDueAt, overdue: stage >= 1, escalated: stage >= 2 };
}

// ---- the reporter's rating (item 7) ----

export const RATINGS = ['satisfied', 'neutral', 'notSatisfied'] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS: Record<Rating, string> = { satisfied: 'Satisfied', neutral: 'Neutral', notSatisfied: 'Not satisfied' };

export const RATING_TEXTS = {
  question: 'How satisfied are you with the fix? (optional)',
  comment: 'Comment (optional)',
  invalidRating: 'Rating must be satisfied, neutral or notSatisfied',
  commentTooLong: `Comment must be at most ${SERVICE_LEVEL_LIMITS.ratingCommentMaxChars} characters`,
  commentWithoutRating: 'Choose a rating to add a comment',
} as const;


/** A rating and comment as sent; null when fine. Absent (or null/'') rating: no rating. */
export function ratingProblem(rating: unknown, comment: unknown): string | null {
  const rated = rating !== undefined && rating !== null && rating !== '';
  if (rated && !(typeof rating === 'string' && (RATINGS as readonly string[]).includes(rating))) return RATING_TEXTS.invalidRating;
  if (comment !== undefined && comment !== null && comment !== '') {
    if (typeof comment !== 'string' || comment.includes('\u0000')) return RATING_TEXTS.commentTooLong;
    if (comment.trim().length > SERVICE_LEVEL_LIMITS.ratingCommentMaxChars) return RATING_TEXTS.commentTooLong;
    if (!rated && comment.trim()) return RATING_TEXTS.commentWithoutRating;
  }
  return null;
}

// ---- department figures (item 7) ----


export interface MetricCounts {
  finished: number;
  withinLevel: number;
  ratings: number;
  satisfied: number;
  neutral: number;
}

/**
 * The ranking score in tenths of a point (0..1000, stored as an integer so an index serves the
 * ranking): 60% the share of finished reports finished within the resolution level, 40% satisfaction
 * ((satisfied + neutral/2) / ratings); with no rating yet, the share alone. null (unranked) before a
 * first finished report. Ties go to the department id (stable paging).
 */
export function departmentScore(c: MetricCounts): number | null {
  if (c.finished <= 0) return null;
  const within = c.withinLevel / c.finished;
  if (c.ratings <= 0) return Math.round(within * 1000);
  const satisfaction = (c.satisfied + c.neutral / 2) / c.ratings;
  return Math.round((0.6 * within + 0.4 * satisfaction) * 1000);
}

/** A city as ranked: trimmed and lower-cased, so 'Pune' and ' pune' are one city. */
export function cityKey(city: string | null | undefined): string {
  return (city ?? '').trim().toLowerCase();
}

export const METRICS_TEXTS = {
  heading: 'Service record',
  responseTime: 'Avg. response time',
  resolutionTime: 'Avg. resolution time',
  withinLevel: 'Resolved within service level',
  satisfaction: 'Citizen satisfaction',
  ratings: 'Ratings',
  score: 'Score',
  none: '—',
  rankingHeading: 'Department ranking',
  rankingCity: 'City',
  rankingEmpty: 'No department in this city has finished a report yet.',
  rank: 'Rank',
  rankIn: (city: string) => `Rank in ${city}`,
  department: 'Department',
  loadMore: 'Load more',
} as const;

export function formatShare(share: number | null): string {
  return share === null ? METRICS_TEXTS.none : `${Math.round(share * 100)}%`;
}
