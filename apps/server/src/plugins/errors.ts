import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TEXTS } from '@civicpulse/shared';
import { isForeignKeyViolation } from '../lib/db-errors.js';
import { HttpError } from '../lib/errors.js';

const CODE_TO_ANSWER: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, TEXTS.http.unsupportedMediaType],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, TEXTS.http.unsupportedMediaType],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, TEXTS.http.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, TEXTS.http.fileTooLarge],
  FST_FILES_LIMIT: [413, TEXTS.http.bodyTooLarge],
  FST_PARTS_LIMIT: [413, TEXTS.http.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, TEXTS.http.bodyTooLarge],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, TEXTS.http.malformedJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, TEXTS.http.malformedJson],
};

/**
 * PostgreSQL's complaints about a value it was given (invalid byte sequence 22021, numeric value out
 * of range 22003, invalid text representation 22P02). Input is checked before any query (lib/input.ts,
 * the schemas, cursors), so reaching one of these means a check is missing: it is logged as such, and
 * the client still gets the 400 its input deserves rather than a 500.
 */
const PG_BAD_VALUE = new Set(['22021', '22003', '22P02']);

/**
 * The client went away while its body was still arriving (a closed tab, a dropped phone connection
 * mid-upload): Node's request stream fails with "aborted" (ECONNRESET). Nothing is wrong on our side,
 * and nobody is left to read an answer, so it is logged at info, not as a failed request.
 */
function isClientAbort(error: FastifyError, raw: FastifyRequest['raw']): boolean {
  return (error.code === 'ECONNRESET' || error.message === 'aborted') && (raw.readableAborted || raw.destroyed);
}

/**
 * Every error answers `{ message }` (API-CONTRACT "Conventions"). Client mistakes get a clear text;
 * server faults are logged in full and answered with a generic line, never a stack or SQL.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request' });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    const mapped = error.code ? CODE_TO_ANSWER[error.code] : undefined;
    if (mapped) return reply.code(mapped[0]).send({ message: mapped[1] });
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send({ message: TEXTS.http.malformedJson });
    }
    if (error.code && PG_BAD_VALUE.has(error.code)) {
      request.log.warn({ err: error }, 'a value reached the database unchecked');
      return reply.code(400).send({ message: TEXTS.http.invalidValue });
    }
    if (isClientAbort(error, request.raw)) {
      request.log.info({ code: error.code }, 'client aborted the request');
      return reply.code(400).send({ message: TEXTS.http.requestAborted });
    }
    if (isForeignKeyViolation(error)) {
      // A write that referred to a row deleted meanwhile (a vote, chat message, notification or
      // progress move racing an account's or a post's deletion). Services map the races they know
      // to their own 404/401; this net keeps any other from answering 500, and says it was reached.
      request.log.warn({ err: error }, 'a write lost a race with a deletion');
      return reply.code(409).send({ message: TEXTS.http.goneMeanwhile });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: TEXTS.http.internal });
  });
}
