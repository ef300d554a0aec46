/**
 * Open311 GeoReport v2 (issue 16 items 8 and 9): our categories as services, reports as service
 * requests, and partner systems filing reports with an API key an admin issued. A partner's report is
 * an ordinary post whose author is the key's system account (role 'user', named after the partner,
 * with no password that can ever match): it shows in every list like any other. The citizen's name,
 * email and phone a partner may send are never stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  INDIAN_STATES,
  LIMITS,
  OPEN311_ADMIN_TEXTS,
  OPEN311_LIMITS,
  OPEN311_TEXTS,
  PINCODE_PATTERN,
  isCategory,
  isInsideIndia,
  nearestState,
  validateOpen311Key,
  type Category,
  type Open311Key,
} from '@civicpulse/shared';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Limiter } from '../../lib/limiter.js';
import { EventList } from '../../events/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { auditEvent } from '../../events/audit.js';
import type { AccountRow, RequestRow } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { PostReads, PostsService, RequestFilter } from '../posts/index.js';
import { presentKey, presentRequests, type Open311Request } from './presenter.js';
import type { KeyRow, Open311Repo } from './repo.js';

/** An error the Open311 routes answer as `[{ code, description }]`. */
export class Open311Error extends HttpError {}
const fail = (status: number, description: string) => new Open311Error(status, description);

const ID = /^[0-9a-f]{24}$/;
/** ISO 8601 with an offset (or Z), seconds and fractions optional; or a bare date (taken as IST midnight). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** The largest time a 12-hex-digit id prefix can hold. */
const MAX_MS = 0xffffffffffff;

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const idBound = (ms: number, fill: '0' | 'f') => Math.trunc(ms).toString(16).padStart(12, '0') + fill.repeat(12);

/** A date parameter as epoch ms, or null when it is not ISO 8601 (with offset) or a date. */
export function parseOpen311Date(value: string, endOfDay = false): number | null {
  let ms: number;
  if (DATE_ONLY.test(value)) ms = Date.parse(`${value}T00:00:00+05:30`) + (endOfDay ? DAY_MS - 1 : 0);
  else if (DATE_TIME.test(value)) ms = Date.parse(value);
  else return null;
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_MS ? ms : null;
}

export interface RequestQuery {
  service_request_id?: string | undefined;
  service_code?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  status?: string | undefined;
  page_size?: string | undefined;
  cursor?: string | undefined;
  /** `true`: each request also carries `extended_attributes` (its reference number). */
  extensions?: string | undefined;
}

export interface NewServiceRequest {
  [field: string]: unknown;
}

function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw fail(400, OPEN311_TEXTS.malformedBody);
}

function coordinate(v: unknown): number | null {
  const s = text(v)?.trim();
  if (!s || !/^-?\d{1,3}(\.\d{1,12})?$/.test(s)) return null;
  return Number(s);
}

export class Open311Service {
  constructor(
    private readonly repo: Open311Repo,
    private readonly accounts: AccountsRepo,
    private readonly posts: PostsService,
    /** Service requests are reports, read in pages by id. */
    private readonly reports: Pick<PostReads, 'requests'>,
    private readonly keyLimiter: Limiter,
    private readonly clock: Clock = systemClock,
  ) {}

  async requests(q: RequestQuery, origin: string): Promise<{ items: Open311Request[]; nextCursor: string | null }> {
    const filter: RequestFilter = {};
    if (q.service_request_id !== undefined) {
      const ids = q.service_request_id.split(',').map((s) => s.trim()).filter(Boolean);
      if (ids.length === 0 || ids.length > OPEN311_LIMITS.idsPerQueryMax || !ids.every((id) => ID.test(id))) throw fail(400, OPEN311_TEXTS.invalidIds);
      filter.ids = ids;
    }
    if (q.service_code !== undefined && q.service_code !== '') {
      if (!isCategory(q.service_code)) throw fail(400, OPEN311_TEXTS.serviceUnknown);
      filter.category = q.service_code;
    }
    if (q.status !== undefined && q.status !== '') {
      const wanted = new Set(q.status.split(',').map((s) => s.trim().toLowerCase()));
      if (![...wanted].every((s) => s === 'open' || s === 'closed')) throw fail(400, OPEN311_TEXTS.invalidStatus);
      if (wanted.size === 1) filter.finished = wanted.has('closed');
    }
    const start = q.start_date ? parseOpen311Date(q.start_date) : undefined;
    const end = q.end_date ? parseOpen311Date(q.end_date, true) : undefined;
    if (start === null || end === null) throw fail(400, OPEN311_TEXTS.invalidDate);
    // Without ids, the standard's default window: 90 days back from end_date (or now).
    const to = end ?? (filter.ids ? undefined : this.clock.now());
    const from = start ?? (filter.ids || to === undefined ? undefined : Math.max(0, to - OPEN311_LIMITS.defaultWindowDays * DAY_MS));
    if (from !== undefined && to !== undefined && from > to) throw fail(400, OPEN311_TEXTS.invalidDateRange);
    if (from !== undefined) filter.from = { iso: new Date(from).toISOString(), idMin: idBound(from, '0') };
    if (to !== undefined) filter.to = { iso: new Date(to).toISOString(), idMax: idBound(to, 'f') };
    let limit: number = OPEN311_LIMITS.pageSizeDefault;
    if (q.page_size !== undefined) {
      if (!/^\d{1,4}$/.test(q.page_size) || Number(q.page_size) < 1 || Number(q.page_size) > OPEN311_LIMITS.pageSizeMax) throw fail(400, OPEN311_TEXTS.invalidPageSize);
      limit = Number(q.page_size);
    }
    if (q.cursor !== undefined) {
      if (!ID.test(q.cursor)) throw fail(400, OPEN311_TEXTS.invalidCursor);
      filter.before = q.cursor;
    }
    const rows = await this.reports.requests(filter, limit + 1);
    const page = rows.slice(0, limit);
    const items = await this.present(page, origin, q.extensions === 'true');
    return { items, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
  }

  async request(id: string, origin: string, extensions = false): Promise<Open311Request> {
    if (!ID.test(id)) throw fail(404, OPEN311_TEXTS.requestNotFound);
    const rows = await this.reports.requests({ ids: [id] }, 1);
    if (rows.length === 0) throw fail(404, OPEN311_TEXTS.requestNotFound);
    return (await this.present(rows, origin, extensions))[0]!;
  }

  private async present(rows: RequestRow[], origin: string, extensions = false): Promise<Open311Request[]> {
    const ids = rows.map((r) => r.id);
    const [moves, photos] = await Promise.all([this.repo.latestMoves(ids), this.repo.photos(ids)]);
    return presentRequests(rows, moves, photos, origin, extensions);
  }

  /** The partner behind a key, or a 403 error; then one point of its rate budget, or a 429. */
  async partnerFor(apiKey: unknown): Promise<KeyRow> {
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw fail(403, OPEN311_TEXTS.keyRequired);
    if (apiKey.length > 200) throw fail(403, OPEN311_TEXTS.keyInvalid);
    const key = await this.repo.findActiveKeyByHash(hashKey(apiKey.trim()));
    if (!key) throw fail(403, OPEN311_TEXTS.keyInvalid);
    if (!(await this.keyLimiter.take(key.id))) throw fail(429, OPEN311_TEXTS.rateLimited);
    return key;
  }

  /** POST requests: checks in the standard's order of fields, then an ordinary post by the partner's account. */
  async create(body: NewServiceRequest): Promise<{ id: string; notice: string }> {
    const key = await this.partnerFor(body.api_key);
    const code = text(body.service_code)?.trim();
    if (!code) throw fail(400, OPEN311_TEXTS.serviceRequired);
    if (!isCategory(code)) throw fail(400, OPEN311_TEXTS.serviceUnknown);
    const description = text(body.description)?.trim();
    if (!description) throw fail(400, OPEN311_TEXTS.descriptionRequired);
    if (description.length > LIMITS.commentMaxChars) throw fail(400, OPEN311_TEXTS.descriptionTooLong);
    const lat = coordinate(body.lat);
    const lng = coordinate(body.long);
    if (lat === null || lng === null) throw fail(400, OPEN311_TEXTS.locationRequired);
    if (!isInsideIndia(lat, lng)) throw fail(400, OPEN311_TEXTS.outsideIndia);
    const address = text(body.address_string)?.trim() ?? '';
    if (address.length > LIMITS.addressMaxChars) throw fail(400, OPEN311_TEXTS.addressTooLong);
    const zipcode = text(body.zipcode)?.trim() ?? '';
    if (zipcode && !PINCODE_PATTERN.test(zipcode)) throw fail(400, OPEN311_TEXTS.invalidZipcode);
    const attribute = typeof body.attribute === 'object' && body.attribute !== null ? (body.attribute as Record<string, unknown>) : {};
    const stateText = text(body['attribute[state]'] ?? attribute.state)?.trim();
    let state: string = nearestState(lat, lng);
    if (stateText) {
      const match = INDIAN_STATES.find((s) => s.toLowerCase() === stateText.toLowerCase());
      if (!match) throw fail(400, OPEN311_TEXTS.invalidState);
      state = match;
    }
    const city = (text(body['attribute[city]'] ?? attribute.city)?.trim() ?? '').slice(0, LIMITS.cityMaxChars);
    const media = text(body.media_url)?.trim();
    if (media && (media.length > 2000 || !/^https?:\/\/\S+$/.test(media))) throw fail(400, OPEN311_TEXTS.invalidMediaUrl);
    // email, first_name, last_name, phone, device_id, account_id: read by nobody, stored nowhere.

    const author = await this.accounts.findById(key.account_id);
    if (!author) throw fail(403, OPEN311_TEXTS.keyInvalid);
    const id = await this.posts.create(
      author,
      {
        caption: description,
        priority: 'Medium',
        category: code as Category,
        location: { state, landmark: address, address, pincode: zipcode, city, lat, lng },
        images: [],
      },
    );
    await this.repo.recordUse(key.id, isoAt(this.clock.now()));
    return { id, notice: media ? `${OPEN311_TEXTS.created} ${OPEN311_TEXTS.mediaNotFetched}` : OPEN311_TEXTS.created };
  }

  // The admin console's keys (issue 16 item 8).

  async keys(cursor: string | undefined): Promise<{ keys: Open311Key[]; nextCursor: string | null }> {
    if (cursor !== undefined && !ID.test(cursor)) throw badRequest(OPEN311_TEXTS.invalidCursor);
    const rows = await this.repo.listKeys(cursor, OPEN311_LIMITS.keysPageMax + 1);
    const page = rows.slice(0, OPEN311_LIMITS.keysPageMax);
    return { keys: page.map(presentKey), nextCursor: rows.length > page.length ? page[page.length - 1]!.id : null };
  }

  /** A new key: 32 random bytes, shown once; only its SHA-256 is kept. */
  async issueKey(admin: AccountRow, input: { name?: unknown; contact?: unknown }): Promise<{ key: Open311Key; apiKey: string }> {
    const problem = validateOpen311Key(input);
    if (problem) throw badRequest(problem);
    const name = String(input.name).trim();
    const contact = typeof input.contact === 'string' && input.contact.trim() ? input.contact.trim() : null;
    const apiKey = `cp311_${randomBytes(32).toString('base64url')}`;
    const now = isoAt(this.clock.now());
    const keyId = newId();
    const accountId = newId();
    const row = {
      id: keyId,
      name,
      contact,
      prefix: apiKey.slice(0, 10),
      key_hash: hashKey(apiKey),
      account_id: accountId,
      created_by: admin.id,
      created_at: now,
      last_used_at: null,
      request_count: 0,
      revoked_at: null,
    };
    const events = new EventList().add(auditEvent(admin, 'issueApiKey', { type: 'apiKey', id: keyId, label: name }));
    await this.repo.insertKey(
      {
        id: accountId,
        role: 'user',
        // A reserved domain (.invalid never resolves): no one can receive mail for it or sign up with it.
        email: `open311-${keyId}@partners.civicpulse.invalid`,
        // Not a scrypt hash: verifyPassword refuses it, so the account can never sign in.
        password_hash: '!partner-system',
        name,
        is_verified: 0,
        resolved_issues_count: 0,
        created_at: now,
        updated_at: now,
      },
      row,
      events,
    );
    return { key: presentKey({ ...row, request_count: 0 }), apiKey };
  }

  async revokeKey(admin: AccountRow, id: string): Promise<void> {
    const key = await this.repo.findKey(id);
    if (!key) throw notFound(OPEN311_ADMIN_TEXTS.keyNotFound);
    const events = new EventList().add(auditEvent(admin, 'revokeApiKey', { type: 'apiKey', id, label: key.name }));
    if (!(await this.repo.revokeKey(id, isoAt(this.clock.now()), events))) throw conflict(OPEN311_ADMIN_TEXTS.alreadyRevoked);
  }
}
