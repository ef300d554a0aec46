/**
 * Request ids for logs that span a proxy and N processes: an id the load balancer (or a client)
 * already gave a request in `X-Request-Id` is kept when it is a sane token, so one id follows the
 * request through every log line; otherwise a fresh random one is made (Fastify's default counter
 * `req-1` repeats in every process). The id is echoed back, so a user's bug report can quote it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** At most 64 characters of letters, digits, dot, underscore and dash: nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

export function registerRequestIdEcho(app: FastifyInstance): void {
  // onRequest, so answers that end early (404, 401, 429, errors) carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
