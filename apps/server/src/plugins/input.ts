import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';
import { inputProblem } from '../lib/input.js';

/**
 * One check for every route, before its schema runs: path params, query and JSON body are refused
 * with 400 when inputProblem finds something, so the same bad text answers the same on SQLite and on
 * PostgreSQL (which would otherwise fail the query with "invalid byte sequence" and a 500) and nothing
 * is stored. Multipart forms are read by the route itself; readMultipart applies the same rule.
 */
export function registerInputGuards(app: FastifyInstance): void {
  // Callback style: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    done(problem ? badRequest(problem) : undefined);
  });
}
