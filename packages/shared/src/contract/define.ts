/**
 * The route contract's building block: one definition per route (method, path, params, query, body,
 * answers by status). The server registers each route from its definition (apps/server/src/lib/route.ts)
 * and the web client's calls are typed from it (apps/web/src/api/client.ts), so a change to a route's
 * shape is a type error on both sides. Only types leave this folder for the browser: the web client
 * names a route by its key (`'POST /api/posts/addComment'`) and imports nothing here at run time, so
 * zod stays out of its bundle.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: Method;
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * The JSON body's schema. A route without one either takes no body or checks what it gets in its
   * service (a jurisdiction, a profile edit); its callers may send any JSON.
   */
  body?: z.ZodType;
  /** The JSON answers by status. Empty for a route that answers a file or a stream (exports, proofs, Open311). */
  answer: { [status: number]: z.ZodType };
  /** The request is (or may be) multipart/form-data: a FormData from the browser. */
  multipart?: true;
}

/** Keeps the literal method and path and the exact schemas, so both sides infer from them. */
export function defineRoute<const D extends RouteDef>(def: D): D {
  return def;
}

/** A route's name in calls: its method and path, e.g. `'PUT /api/posts/votePost'`. */
export type RouteKeyOf<D extends RouteDef> = D extends RouteDef ? `${D['method']} ${D['path']}` : never;

type Success = 200 | 201 | 202 | 204;
type SchemaAt<D extends RouteDef, K extends keyof D> = D[K] extends z.ZodType ? D[K] : never;

/** What a successful call answers (the output of its 2xx answer schema). */
export type AnswerOf<D extends RouteDef> = {
  [S in Extract<keyof D['answer'], Success>]: D['answer'][S] extends z.ZodType ? z.output<D['answer'][S]> : never;
}[Extract<keyof D['answer'], Success>];

/** What a caller sends as path parameters, query and JSON body (the inputs of the schemas). */
export type ParamsOf<D extends RouteDef> = z.input<SchemaAt<D, 'params'>>;
export type QueryOf<D extends RouteDef> = z.input<SchemaAt<D, 'query'>>;
export type BodyOf<D extends RouteDef> = 'body' extends keyof D ? z.input<SchemaAt<D, 'body'>> : unknown;
