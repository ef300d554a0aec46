/**
 * Area alerts (issue 27 item 6): a person picks a point and a radius (and optionally one category);
 * every new report inside it reaches them (the bell, and email by their settings: right away, in the
 * daily summary, or not). Matching runs on the server after the report is committed, off the request
 * path (apps/server/src/modules/alerts). The request and answer schemas; limits, texts and the grid
 * are in alertsUi.ts.
 */
import { z } from 'zod';
import { CATEGORY_CODES } from './categories.js';
import { INDIA_BOUNDS } from './constants.js';
import { ALERT_LIMITS, ALERT_TEXTS } from './alertsUi.js';


const inIndia = (lat: number, lng: number) =>
  lat >= INDIA_BOUNDS.minLat && lat <= INDIA_BOUNDS.maxLat && lng >= INDIA_BOUNDS.minLng && lng <= INDIA_BOUNDS.maxLng;

const coordinate = z.number({ error: ALERT_TEXTS.placeInvalid }).finite(ALERT_TEXTS.placeInvalid);

export const alertBody = z
  .object({
    lat: coordinate,
    lng: coordinate,
    radiusMeters: z
      .number({ error: ALERT_TEXTS.radiusInvalid })
      .int(ALERT_TEXTS.radiusInvalid)
      .min(ALERT_LIMITS.radiusMin, ALERT_TEXTS.radiusInvalid)
      .max(ALERT_LIMITS.radiusMax, ALERT_TEXTS.radiusInvalid),
    /** One category, or null (every category). */
    category: z.enum(CATEGORY_CODES).nullable().optional(),
    label: z
      .string({ error: ALERT_TEXTS.labelRequired })
      .trim()
      .min(1, ALERT_TEXTS.labelRequired)
      .max(ALERT_LIMITS.labelMaxChars, ALERT_TEXTS.labelTooLong)
      .refine((s) => !s.includes('\u0000'), ALERT_TEXTS.labelRequired),
  })
  .refine((v) => inIndia(v.lat, v.lng), { message: ALERT_TEXTS.placeInvalid });

export const alertSchema = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  radiusMeters: z.number(),
  category: z.enum(CATEGORY_CODES).nullable(),
  label: z.string(),
  createdAt: z.string(),
});
export type AreaAlert = z.infer<typeof alertSchema>;
