/**
 * Open311 GeoReport v2 under /open311/v2 (answers in JSON or XML by the URL's format, so no answer
 * schema here; the standard's own documents are the contract) and the admin console's key routes.
 */
import { z } from 'zod';
import { createOpen311KeyAnswer, createOpen311KeyBody, open311KeysAnswer, open311KeysQuery } from '../open311.js';
import { idParam, messageAnswer } from '../schemas.js';
import { defineRoute } from './define.js';

export const open311FormatParam = z.object({ format: z.string().max(10) });
export const open311ServiceParams = z.object({ code: z.string().max(64), format: z.string().max(10) });
export const open311RequestParams = z.object({ id: z.string().max(64), format: z.string().max(10) });

export const open311Api = {
  discovery: defineRoute({ method: 'GET', path: '/open311/v2/discovery.:format', params: open311FormatParam, answer: {} }),
  services: defineRoute({ method: 'GET', path: '/open311/v2/services.:format', params: open311FormatParam, answer: {} }),
  service: defineRoute({ method: 'GET', path: '/open311/v2/services/:code.:format', params: open311ServiceParams, answer: {} }),
  requests: defineRoute({ method: 'GET', path: '/open311/v2/requests.:format', params: open311FormatParam, answer: {} }),
  request: defineRoute({ method: 'GET', path: '/open311/v2/requests/:id.:format', params: open311RequestParams, answer: {} }),
  /** Form-encoded (the standard) or JSON, with an api_key; checked by the service. */
  createRequest: defineRoute({ method: 'POST', path: '/open311/v2/requests.:format', params: open311FormatParam, answer: {} }),
  keys: defineRoute({ method: 'GET', path: '/api/admin/open311Keys', query: open311KeysQuery, answer: { 200: open311KeysAnswer } }),
  issueKey: defineRoute({ method: 'POST', path: '/api/admin/open311Keys', body: createOpen311KeyBody, answer: { 201: createOpen311KeyAnswer } }),
  revokeKey: defineRoute({ method: 'DELETE', path: '/api/admin/open311Keys/:id', params: idParam, answer: { 200: messageAnswer } }),
};
