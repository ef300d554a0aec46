/**
 * The public, anonymised export of reports (issue 16 item 11). Rows are read newest first in batches
 * of OPEN_DATA_LIMITS.batch by id (keyset) while the answer streams, so memory stays bounded and the
 * event loop is free between batches. An open report's pin is rounded to about 100 m; a finished one
 * keeps full precision.
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import { createHash } from 'node:crypto';
import { INDIAN_STATES, OPEN_DATA_LIMITS, OPEN_DATA_TEXTS, isCategory } from '@civicpulse/shared';
import { badRequest } from '../../lib/errors.js';
import { parseOpen311Date } from '../open311/index.js';
import type { OpenDataRow } from '../../db/rows.js';
import type { OpenDataFilter, PostReads } from '../posts/index.js';
import type { OpenDataRepo } from './repo.js';

export interface OpenDataQuery {
  state?: unknown;
  city?: unknown;
  category?: unknown;
  from?: unknown;
  to?: unknown;
}

const idBound = (ms: number, fill: '0' | 'f') => Math.trunc(ms).toString(16).padStart(12, '0') + fill.repeat(12);

function single(v: unknown, message: string): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(message);
  return v.trim() || undefined;
}

export class OpenDataService {
  constructor(
    private readonly repo: OpenDataRepo,
    /** The reports, in batches, and the newest one's id. */
    private readonly posts: Pick<PostReads, 'openDataBatch' | 'newestId'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The query's filters, or a 400 naming the first bad one. */
  filter(q: OpenDataQuery): OpenDataFilter {
    const out: OpenDataFilter = {};
    const state = single(q.state, OPEN_DATA_TEXTS.invalidState);
    if (state) {
      const match = INDIAN_STATES.find((s) => s.toLowerCase() === state.toLowerCase());
      if (!match) throw badRequest(OPEN_DATA_TEXTS.invalidState);
      out.state = match;
    }
    const city = single(q.city, OPEN_DATA_TEXTS.cityTooLong);
    if (city) {
      if (city.length > OPEN_DATA_LIMITS.filterMaxChars) throw badRequest(OPEN_DATA_TEXTS.cityTooLong);
      out.city = city;
    }
    const category = single(q.category, OPEN_DATA_TEXTS.invalidCategory);
    if (category) {
      if (!isCategory(category)) throw badRequest(OPEN_DATA_TEXTS.invalidCategory);
      out.category = category;
    }
    const fromText = single(q.from, OPEN_DATA_TEXTS.invalidDate);
    const toText = single(q.to, OPEN_DATA_TEXTS.invalidDate);
    const from = fromText === undefined ? undefined : parseOpen311Date(fromText);
    const to = toText === undefined ? undefined : parseOpen311Date(toText, true);
    if (from === null || to === null) throw badRequest(OPEN_DATA_TEXTS.invalidDate);
    if (from !== undefined && to !== undefined && from > to) throw badRequest(OPEN_DATA_TEXTS.invalidRange);
    if (from !== undefined) out.from = { iso: new Date(from).toISOString(), idMin: idBound(from, '0') };
    if (to !== undefined) out.to = { iso: new Date(to).toISOString(), idMax: idBound(to, 'f') };
    return out;
  }

  /**
   * A validator for conditional requests: the filters, the newest report and workflow move, and the
   * current 5-minute window (votes, edits and deletions move no mark, so a cached copy is at most
   * one window old, as Cache-Control's max-age also says).
   */
  async etag(kind: string, filter: OpenDataFilter): Promise<string> {
    // The newest report and the newest workflow move: both primary-key lookups.
    const [post, move] = await Promise.all([this.posts.newestId(), this.repo.newestMove()]);
    const marks = { post, move };
    const window = Math.floor(this.clock.now() / (OPEN_DATA_LIMITS.maxAgeSeconds * 1000));
    const hash = createHash('sha256').update(JSON.stringify([kind, filter, marks, window])).digest('base64url').slice(0, 27);
    return `"${hash}"`;
  }

  async *rows(filter: OpenDataFilter, batch: number = OPEN_DATA_LIMITS.batch): AsyncGenerator<OpenDataRow[]> {
    let before: string | null = null;
    for (;;) {
      const rows = await this.posts.openDataBatch(filter, before, batch);
      if (rows.length) yield rows;
      if (rows.length < batch) return;
      before = rows[rows.length - 1]!.id;
    }
  }
}
