/** Profiles (spec 7 "Profiles"): read by role and id; the edit is multipart as the spec sends it, or JSON. */
import { z } from 'zod';
import { citizenProfileSchema, governmentProfileSchema, updateCitizenAnswer, updateGovernmentAnswer } from '../profileSchemas.js';
import { defineRoute } from './define.js';

export const profileParams = z.object({ role: z.string().max(20), id: z.string().min(1).max(64) });

export const profilesApi = {
  citizen: defineRoute({ method: 'GET', path: '/api/user/profile/:role/:id', params: profileParams, answer: { 200: citizenProfileSchema } }),
  government: defineRoute({ method: 'GET', path: '/api/gov/profile/:role/:id', params: profileParams, answer: { 200: governmentProfileSchema } }),
  /** Multipart (photo field `file`) or JSON; checked by the service. */
  updateCitizen: defineRoute({ method: 'PUT', path: '/api/user/updateProfile', multipart: true, answer: { 200: updateCitizenAnswer } }),
  /** Multipart (photo field `profilePhoto`) or JSON; checked by the service. */
  updateGovernment: defineRoute({ method: 'PUT', path: '/api/gov/updateProfile', multipart: true, answer: { 200: updateGovernmentAnswer } }),
};
