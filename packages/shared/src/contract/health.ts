/** Probes: liveness (`/api/health`, the contract's answer) and readiness (`/api/ready`, 503 naming the part that failed). */
import { z } from 'zod';
import { healthAnswer } from '../schemas.js';
import { defineRoute } from './define.js';

const partState = z.enum(['ok', 'failed', 'timed out']);
export const readyAnswer = z.object({
  status: z.enum(['ready', 'not ready']),
  db: partState,
  redis: z.union([partState, z.literal('not configured')]),
  storage: z.union([partState, z.literal('not configured')]),
});
export type ReadyPartState = z.infer<typeof partState>;

export const healthApi = {
  health: defineRoute({ method: 'GET', path: '/api/health', answer: { 200: healthAnswer } }),
  ready: defineRoute({ method: 'GET', path: '/api/ready', answer: { 200: readyAnswer, 503: readyAnswer } }),
};
