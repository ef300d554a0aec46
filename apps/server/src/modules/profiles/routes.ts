import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  LIMITS,
  PROFILE_TEXTS,
  TEXTS,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { fileUrl, originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { presentCitizenProfile, presentGovernmentProfile } from './presenter.js';


import type { AuthService } from '../auth/index.js';
import type { ProfilesService } from './service.js';
import type { Config } from '../../config.js';

/** What the profiles routes are given (see lib/module.ts). */
export interface ProfilesDeps {
  auth: AuthService;
  profiles: ProfilesService;
  config: Config;
  guards: Guards;
}

/**
 * Spec 7 "Profiles". The profile object comes at top level (what the spec's client reads). The
 * edit is multipart as the spec sends it (photo field `file` for citizens, `profilePhoto` for
 * departments); a JSON body works too. The answer carries a fresh token, whose name and photo
 * claims the header shows.
 */
export function profileRoutes(app: FastifyInstance, deps: ProfilesDeps): void {
  const signedIn = deps.guards.requireAuth();
  const limited = writeRateLimit(deps.config);
  const profiles = deps.profiles;
  const tags = ['profiles'];

  // Each prefix serves its own role (the header asks /api/user/profile/user/... or /api/gov/profile/government/...).
  route(
    app,
    API.profiles.citizen,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      if (request.params.role !== 'user') throw notFound(PROFILE_TEXTS.notFound);
      return profiles.citizen(caller(request), request.params.id, originOf(request, deps.config.publicUrl));
    },
  );
  route(
    app,
    API.profiles.government,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      if (request.params.role !== 'government') throw notFound(PROFILE_TEXTS.notFound);
      return profiles.government(caller(request), request.params.id, originOf(request, deps.config.publicUrl));
    },
  );

  async function readEdit(request: FastifyRequest, photoField: string): Promise<{ fields: Record<string, unknown>; photo?: Buffer }> {
    if (request.isMultipart()) {
      const form = await readMultipart(request, { fileFields: [photoField], maxFiles: 1, maxFileBytes: LIMITS.imageMaxBytes });
      return { fields: form.fields, ...(form.files[0] ? { photo: form.files[0] } : {}) };
    }
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(PROFILE_TEXTS.bodyShape);
    return { fields: body as Record<string, unknown> };
  }

  async function edit(request: FastifyRequest, photoField: string) {
    const me = caller(request);
    const { fields, photo } = await readEdit(request, photoField);
    const updated = await profiles.update(me, fields, photo);
    const origin = originOf(request, deps.config.publicUrl);
    return { updated, origin, token: await deps.auth.tokenFor(updated, fileUrl(origin, updated.profile_photo)) };
  }

  route(
    app,
    API.profiles.updateCitizen,
    { schema: { tags }, onRequest: deps.guards.requireAuth('user'), config: limited },
    async (request) => {
      const { updated, origin, token } = await edit(request, 'file');
      return { message: TEXTS.success.profileUpdated, user: presentCitizenProfile(updated, updated, origin), token };
    },
  );
  route(
    app,
    API.profiles.updateGovernment,
    { schema: { tags }, onRequest: deps.guards.requireAuth('government'), config: limited },
    async (request) => {
      const { updated, origin, token } = await edit(request, 'profilePhoto');
      return { message: TEXTS.success.profileUpdated, government: presentGovernmentProfile(updated, updated, origin), token };
    },
  );
}
