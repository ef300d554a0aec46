/**
 * The wire schemas of service levels, ratings and department figures (issue 16). Kept apart from
 * serviceLevels.ts so the cards' Overdue badge can use the texts without pulling zod into first paint.
 */
import { z } from 'zod';
import { CATEGORY_CODES } from './categories.js';
import { PRIORITIES } from './constants.js';
import { SERVICE_LEVEL_LIMITS } from './serviceLevels.js';

export const serviceLevelSchema = z.object({
  category: z.enum(CATEGORY_CODES),
  priority: z.enum(PRIORITIES),
  responseHours: z.number(),
  resolutionHours: z.number(),
  /** true while no admin override is stored (the packages/shared default applies). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;
export const serviceLevelsAnswer = z.object({ levels: z.array(serviceLevelSchema) });
/** PUT /api/admin/service-levels: every field checked by the service (a 400 with a message, never a 5xx). */
export const serviceLevelBody = z.object({
  category: z.unknown(),
  priority: z.unknown(),
  responseHours: z.unknown(),
  resolutionHours: z.unknown(),
});
export const serviceLevelUpdateAnswer = z.object({ message: z.string(), level: serviceLevelSchema, recomputed: z.number() });

export const serviceLevelState = z.object({
  responseDueAt: z.string(),
  resolutionDueAt: z.string(),
  /** Past the response level while waiting for a department, or past the resolution level before Finished. */
  overdue: z.boolean(),
  /** Past twice a level: the department and the admins were told again. */
  escalated: z.boolean(),
});

/** The optional body of PUT /api/user/verifyPost/:id (the spec's client sends none). */
export const verifyPostBody = z.object({ rating: z.unknown().optional(), comment: z.unknown().optional() }).nullish();

export const departmentMetricsSchema = z.object({
  departmentId: z.string(),
  name: z.string(),
  city: z.string(),
  /** Take-overs counted (a report released and taken again counts again). */
  takenOver: z.number(),
  responseHoursAvg: z.number().nullable(),
  /** Share of take-overs within the response level, 0..1. */
  responseWithinShare: z.number().nullable(),
  finished: z.number(),
  resolutionHoursAvg: z.number().nullable(),
  /** Share of finished reports finished within the resolution level, 0..1. */
  withinLevelShare: z.number().nullable(),
  ratings: z.number(),
  satisfied: z.number(),
  neutral: z.number(),
  notSatisfied: z.number(),
  /** (satisfied + neutral / 2) / ratings, 0..1. */
  satisfaction: z.number().nullable(),
  /** The ranking score, 0..100 (departmentScore); null before the first finished report. */
  score: z.number().nullable(),
});
export type DepartmentMetrics = z.infer<typeof departmentMetricsSchema>;
export const departmentMetricsAnswer = z.object({
  metrics: departmentMetricsSchema.extend({
    /** Its place in its city's ranking (1 = best); null while unranked (no finished report, or no city). */
    rank: z.number().nullable(),
  }),
});

export const rankingQuery = z.object({
  city: z.string().max(120).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SERVICE_LEVEL_LIMITS.rankingPageMax).optional(),
});
export const rankingAnswer = z.object({
  city: z.string(),
  /** Cities with ranked departments (first page only; at most SERVICE_LEVEL_LIMITS.citiesMax). */
  cities: z.array(z.string()).optional(),
  departments: z.array(departmentMetricsSchema.extend({ rank: z.number() })),
  nextCursor: z.string().nullable(),
});
export type RankingAnswer = z.infer<typeof rankingAnswer>;
