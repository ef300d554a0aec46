import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Only declared properties may reach the client: an object schema that would let unknown keys
 * through (additionalProperties true or absent, passthrough, catchall) is closed here, so a field
 * a handler forgot to drop (a password hash) is never written.
 */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) closeObjects(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  // zod writes nullable as anyOf [X, null], which fast-json-stringify tries branch by branch on
  // every value; a nullable X is the same answer and is written in one step.
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf[1]?.type === 'null' && typeof anyOf[0]?.type === 'string' && Object.keys(anyOf[1]).length === 1) {
    const [inner] = anyOf as [JsonSchema];
    delete schema.anyOf;
    Object.assign(schema, inner, inner.type === 'object' ? { nullable: true } : { type: [inner.type, 'null'] });
    if (inner.type !== 'object') {
      delete schema.enum;
      delete schema.const;
    }
  }
  if (schema.type === 'object' || schema.properties) {
    const extra = schema.additionalProperties;
    // A typed record (additionalProperties: { type: ... }) stays; "anything" ({} or true) does not.
    if (extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0)) {
      schema.additionalProperties = false;
    }
  }
  for (const value of Object.values(schema)) closeObjects(value);
}

/** The JSON schema fast-json-stringify compiles for one zod response schema. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
  delete json.$schema;
  closeObjects(json);
  return json;
}

/**
 * Serializes responses with a function compiled once per route from the route's zod schema
 * (fast-json-stringify), instead of parsing every answer with zod: the feed spent about 10% of its
 * CPU in that parse. Non-zod schemas (plain JSON schema) are compiled as they are.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : (schema as JsonSchema);
  return fastJsonStringify(json as unknown as Schema);
};
