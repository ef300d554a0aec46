/**
 * The public reports map (/reports): what `GET /api/public/map` takes and answers.
 *
 * A view of the country or a city answers groups: reports per grid cell (1°, 0.1° or 0.01°, the finest
 * level whose cells in the box number at most PUBLIC_MAP_LIMITS.maxCells), summed from kept counts, so
 * its cost is the number of cells, not of reports. A street-level view (both sides at most
 * pointsSpanDeg) answers the reports themselves, at most pointsMax, each placed as public views place
 * it (an open report's pin rounded to about 100 m, publicCoordinate). The client merges what it gets
 * with Supercluster so neighbouring groups join at the zoom shown.
 */
import { z } from 'zod';
import { HEATMAP_SCALES, heatmapLevel, parseBbox, type Bbox } from './admin.js';
import { CATEGORY_CODES } from './categories.js';
import { POST_TEXTS } from './postRules.js';
import { categoryFilter } from './posts.js';
import { PROGRESS_ORDER } from './progress.js';
import { REPORTS_TEXTS } from './reportsUi.js';

export const PUBLIC_MAP_LIMITS = {
  /** Grid cells per answer at most: the level is chosen to fit the box (the query's LIMIT only guards). */
  maxCells: 600,
  /** A box this small (degrees, both sides; about 5.5 km) answers reports instead of groups. */
  pointsSpanDeg: 0.05,
  /** Reports per street-level answer at most; `truncated` says when the box held more. */
  pointsMax: 300,
} as const;

export const publicMapQuery = z.object({
  bbox: z
    .string({ error: REPORTS_TEXTS.invalidBbox })
    .max(200, REPORTS_TEXTS.invalidBbox)
    .refine((v) => parseBbox(v) !== null, REPORTS_TEXTS.invalidBbox),
  category: categoryFilter,
  progress: z.enum(PROGRESS_ORDER, { error: POST_TEXTS.invalidProgressState }).optional(),
});

export const publicMapAnswer = z.object({
  /** Reports per grid cell, placed at the cell's centre (none in a street-level answer). */
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int() })),
  /** Cell edge in degrees of the groups; null in a street-level answer. */
  cellSize: z.number().nullable(),
  /** The reports of a street-level answer (none otherwise). */
  points: z.array(
    z.object({
      _id: z.string(),
      reference: z.string(),
      caption: z.string(),
      category: z.enum(CATEGORY_CODES),
      progressState: z.enum(PROGRESS_ORDER),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
  truncated: z.boolean(),
});
export type PublicMap = z.infer<typeof publicMapAnswer>;
export type PublicMapPoint = PublicMap['points'][number];

/** Whether a box answers reports (street level) rather than groups. */
export function publicMapShowsPoints(box: Bbox): boolean {
  return box.maxLat - box.minLat <= PUBLIC_MAP_LIMITS.pointsSpanDeg && box.maxLng - box.minLng <= PUBLIC_MAP_LIMITS.pointsSpanDeg;
}

/** The grid level (an index of HEATMAP_SCALES) of a box's groups. */
export function publicMapLevel(box: Bbox): number {
  return heatmapLevel(box, PUBLIC_MAP_LIMITS.maxCells);
}

export { HEATMAP_SCALES as PUBLIC_MAP_SCALES };
