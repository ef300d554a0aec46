/** What the web app needs to know about this deployment; nothing secret. */
import { z } from 'zod';
import { defineRoute } from './define.js';

export const clientConfigAnswer = z.object({
  /** Leaflet tile template, from TILE_URL. */
  tileUrl: z.string(),
  /** Whether a real routing service is configured (else the route map draws a straight line). */
  routing: z.boolean(),
});

export const configApi = {
  config: defineRoute({ method: 'GET', path: '/api/config', answer: { 200: clientConfigAnswer } }),
};
