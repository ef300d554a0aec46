/** The department workflow and the citizen's answer to a fix (API-CONTRACT "Progress workflow"). */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { AREA_FILTERS } from '../jurisdictions.js';
import { idParam } from '../schemas.js';
import { POST_TEXTS } from '../postRules.js';
import { createPostAnswer, listQuery, postListAnswer, rejectResolutionBody } from '../posts.js';
import { verifyPostBody } from '../serviceLevelsSchema.js';
import { moveNote, regressBody } from '../team.js';
import { TEAM_ROLES } from '../teamUi.js';
import { defineRoute } from './define.js';

/** Advance: the spec's client sends no body; a final update may come as links to images already uploaded. */
export const progressBody = z
  .object({
    finalCaption: z.unknown().optional(),
    finalImages: z
      .array(z.object({ url: z.string().max(LIMITS.urlMaxChars), public_id: z.string().max(LIMITS.urlMaxChars).optional() }))
      .max(LIMITS.imagesPerPostMax, POST_TEXTS.tooManyImages)
      .optional(),
    /** Addition: a public note shown on the timeline with the move. */
    note: moveNote,
  })
  .nullish();

/** `area` (issue 16): View Issues (scope=unassigned) shows `mine` (the department's jurisdiction) unless `all` (All of India). */
export const govListQuery = listQuery.extend({ scope: z.string().optional(), area: z.string().optional() });
export const govListAnswer = postListAnswer.extend({
  /** With a scope, on the first page: how many posts the scope holds, and how many pass the filters ("Showing X of Y"). */
  total: z.number().optional(),
  matching: z.number().optional(),
  /** View Issues: the area the list shows, and whether the department declared a jurisdiction (without one: all of India). */
  area: z.enum(AREA_FILTERS).optional(),
  jurisdictionDeclared: z.boolean().optional(),
});

export const govMeAnswer = z.object({
  _id: z.string(),
  authorityName: z.string(),
  isVerified: z.boolean(),
  resolvedIssuesCount: z.number(),
  /** Additions (department teams): the department this account works for, its role there, and a member's own name. */
  departmentId: z.string().optional(),
  teamRole: z.enum(TEAM_ROLES).optional(),
  memberName: z.string().optional(),
});

export const routeQuery = z.object({
  fromLat: z.coerce.number().min(-90).max(90),
  fromLng: z.coerce.number().min(-180).max(180),
  toLat: z.coerce.number().min(-90).max(90),
  toLng: z.coerce.number().min(-180).max(180),
});
export const routeAnswer = z.object({
  source: z.enum(['osrm', 'ors', 'straight']),
  distanceMeters: z.number(),
  durationSeconds: z.number().nullable(),
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  directionsUrl: z.string(),
});

export const progressApi = {
  govPosts: defineRoute({ method: 'GET', path: '/api/gov/allPosts', query: govListQuery, answer: { 200: govListAnswer } }),
  advance: defineRoute({ method: 'PUT', path: '/api/gov/progressState/:id', params: idParam, body: progressBody, answer: { 200: createPostAnswer } }),
  regress: defineRoute({ method: 'PUT', path: '/api/gov/regressProgressState/:id', params: idParam, body: regressBody, answer: { 200: createPostAnswer } }),
  /** Multipart: finalCaption (or caption) and the images (`images` or `finalImages`). */
  finalWork: defineRoute({ method: 'PUT', path: '/api/gov/updateFinalWork/:id', params: idParam, multipart: true, answer: { 200: createPostAnswer } }),
  verifyPost: defineRoute({ method: 'PUT', path: '/api/user/verifyPost/:id', params: idParam, body: verifyPostBody, answer: { 200: createPostAnswer } }),
  // JSON `{ reason }` (the client before photos), or multipart with `reason` and up to 6 photos under `images`.
  rejectResolution: defineRoute({ method: 'PUT', path: '/api/user/rejectResolution/:id', params: idParam, body: rejectResolutionBody.nullish(), multipart: true, answer: { 200: createPostAnswer } }),
  govMe: defineRoute({ method: 'GET', path: '/api/gov/me', answer: { 200: govMeAnswer } }),
  route: defineRoute({ method: 'GET', path: '/api/gov/route', query: routeQuery, answer: { 200: routeAnswer } }),
};
