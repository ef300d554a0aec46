/** The public, anonymised open data export (files, streamed: no JSON answer). Filters are checked by the service. */
import { z } from 'zod';
import { defineRoute } from './define.js';

export const openDataQuery = z.object({
  state: z.unknown().optional(),
  city: z.unknown().optional(),
  category: z.unknown().optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
});

export const openDataApi = {
  csv: defineRoute({ method: 'GET', path: '/api/open-data/reports.csv', query: openDataQuery, answer: {} }),
  geoJson: defineRoute({ method: 'GET', path: '/api/open-data/reports.geojson', query: openDataQuery, answer: {} }),
};
