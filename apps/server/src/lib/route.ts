/**
 * Registers a route from its definition in the shared route contract (packages/shared/src/contract):
 * the method, the URL and the params, querystring, body and response schemas all come from the
 * definition, so the server cannot drift from what the web client is typed against. What only the
 * server knows (OpenAPI tags, guards, rate limits, body limits) stays in `options`; the handler's
 * request and reply are typed from the definition's schemas as `r.get(url, { schema })` would type them.
 */
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDef } from '@civicpulse/shared';

/** The Fastify schema a definition stands for (a route answering a file has no response schema). */
export type SchemaOf<D extends RouteDef> = {
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: keyof D['answer'] extends never ? undefined : D['answer'];
};

/** The OpenAPI-only parts of a schema; the rest comes from the definition. */
interface DocSchema {
  tags?: string[];
  description?: string;
  consumes?: string[];
  hide?: boolean;
}

/** Fastify's options of a route of this definition (default server, zod types), handler included. */
type WithHandler<D extends RouteDef> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D>,
  ZodTypeProvider
>;

export type RouteExtras<D extends RouteDef> = Omit<WithHandler<D>, 'schema' | 'handler'> & { schema?: DocSchema };
export type RouteHandlerOf<D extends RouteDef> = WithHandler<D>['handler'];

export function route<const D extends RouteDef>(app: FastifyInstance, def: D, options: RouteExtras<D>, handler: RouteHandlerOf<D>): void {
  const schema: FastifySchema = { ...options.schema };
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (Object.keys(def.answer).length > 0) schema.response = def.answer;
  // The one place the typed pieces meet Fastify's untyped route(): both were checked against D above.
  app.withTypeProvider<ZodTypeProvider>().route({ ...options, method: def.method, url: def.path, schema, handler } as unknown as RouteOptions);
}
