/**
 * Big list answers without stalling the process. A list asked for without `limit` (the spec's
 * clients) answers up to LIMITS.unpagedListMax posts, about a megabyte of JSON; two things keep such
 * answers from holding up every other request of the process:
 *
 *  - at most `unpagedAtOnce` of them are worked on at a time; the others wait their turn in order
 *    (lib/gate.ts: never refused, never dropped), so several at once do not multiply the work each
 *    turn of the event loop does;
 *  - a list answer of CHUNKED_ITEMS_MIN items or more is written slice by slice, yielding to the event
 *    loop between slices, instead of in one synchronous pass of the serializer;
 *  - every request starts its work on a turn of its own (lib/turns.ts), so requests arriving together
 *    do not all run in one pass of the event loop. The bytes are the
 *    serializer's own: the envelope comes from the route's compiled serializer with the list empty, and
 *    each item from one compiled for the list's item schema, joined as the array serializer joins them.
 *
 * A list route is one whose querystring has `limit` and whose answer (200) has an array of objects.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { nextTurn } from '../lib/turns.js';
import { z } from 'zod';
import { Gate } from '../lib/gate.js';
import { responseJsonSchema } from './serializer.js';

/** Lists of at least this many items are written in slices (a page of 20 is written at once). */
export const CHUNKED_ITEMS_MIN = 100;
/** Items written per slice between yields. */
export const CHUNK_ITEMS = 50;

interface ListPlan {
  /** The answer's list property. */
  key: string;
  /** The compiled serializer of one item of it. */
  item: (value: unknown) => string;
}

/** Per answer schema: its list plan, or null when the answer has no single list of objects. */
const plans = new WeakMap<object, ListPlan | null>();
/** Per querystring schema: whether it offers `limit`. */
const paged = new WeakMap<object, boolean>();

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema; definitions?: unknown; $defs?: unknown };

function planOf(schema: unknown): ListPlan | null {
  if (!(schema instanceof z.ZodType)) return null;
  if (plans.has(schema)) return plans.get(schema)!;
  let plan: ListPlan | null = null;
  try {
    const json = responseJsonSchema(schema) as JsonSchema;
    const lists = Object.entries(json.properties ?? {}).filter(([, p]) => p.type === 'array' && p.items?.type === 'object');
    if (json.type === 'object' && lists.length === 1) {
      const [key, property] = lists[0]!;
      const itemSchema = { ...property.items, ...(json.definitions ? { definitions: json.definitions } : {}), ...(json.$defs ? { $defs: json.$defs } : {}) };
      plan = { key, item: fastJsonStringify(itemSchema as unknown as Schema) as (value: unknown) => string };
    }
  } catch {
    plan = null;
  }
  plans.set(schema, plan);
  return plan;
}

function offersLimit(schema: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  if (paged.has(schema)) return paged.get(schema)!;
  let answer = false;
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    answer = json.properties?.limit !== undefined;
  } catch {
    answer = false;
  }
  paged.set(schema, answer);
  return answer;
}

function answerSchemaOf(request: FastifyRequest): unknown {
  const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  return response?.['200'] ?? response?.[200];
}

/** Whether this request asks a list route for its unpaged answer (no `limit`). */
function isUnpagedList(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const query = request.query as Record<string, unknown> | undefined;
  if (query && query.limit !== undefined) return false;
  return offersLimit(request.routeOptions.schema?.querystring) && planOf(answerSchemaOf(request)) !== null;
}

/**
 * The answer's JSON, written slice by slice: exactly what the route's serializer writes for it.
 * Undefined when the envelope does not show the list where expected (the caller then serializes as usual).
 */
export async function serializeInSlices(reply: FastifyReply, payload: Record<string, unknown>, plan: ListPlan): Promise<string | undefined> {
  const items = payload[plan.key] as unknown[];
  const envelope = reply.serialize({ ...payload, [plan.key]: [] });
  if (typeof envelope !== 'string') return undefined;
  const marker = `"${plan.key}":[]`;
  const at = envelope.indexOf(marker);
  if (at < 0 || envelope.indexOf(marker, at + 1) >= 0) return undefined;
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK_ITEMS) {
    if (i > 0) await nextTurn();
    const end = Math.min(items.length, i + CHUNK_ITEMS);
    for (let k = i; k < end; k++) parts.push(plan.item(items[k]));
  }
  const open = at + marker.length - 1;
  return envelope.slice(0, open) + parts.join(',') + envelope.slice(open);
}

export function registerBigAnswers(app: FastifyInstance, opts: { unpagedAtOnce: number }): Gate {
  const gate = new Gate(opts.unpagedAtOnce);
  app.addHook('preHandler', (request, reply, done) => {
    if (!isUnpagedList(request)) return done();
    gate.enter().then(
      (release) => {
        // 'close' comes when the answer is written and when the client went away first, errors included.
        reply.raw.once('close', release);
        if (reply.raw.destroyed) release();
        done();
      },
      (err: Error) => done(err),
    );
  });
  // Every request's work starts on its own turn of the event loop (lib/turns.ts), after the gate.
  app.addHook('preHandler', (_request, _reply, done) => {
    nextTurn().then(() => done(), done);
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return done(null, payload);
    const plan = planOf(answerSchemaOf(request));
    const items = plan ? (payload as Record<string, unknown>)[plan.key] : undefined;
    if (!plan || !Array.isArray(items) || items.length < CHUNKED_ITEMS_MIN) return done(null, payload);
    serializeInSlices(reply, payload as Record<string, unknown>, plan).then(
      (json) => {
        if (json === undefined) return done(null, payload);
        // Already the route's JSON: the serializer passes it through.
        reply.serializer((s: unknown) => s as string);
        done(null, json);
      },
      (err: Error) => done(err),
    );
  });
  return gate;
}
