import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_EMAIL_TEXTS,
  API,
  LIMITS,
  TEXTS,
  pickLanguage,
  validateGovernmentSignup,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { badRequest, unsupported } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { fileUrl, originOf } from '../../lib/urls.js';
import { sniffFile } from '../../media/sniff.js';
import type { AccountRow } from '../../db/rows.js';

import type { AuthService } from './service.js';
import type { AccountLinks } from './links.js';
import type { Config } from '../../config.js';
import { caller, type Guards } from '../../plugins/auth.js';

/** What the auth routes are given (see lib/module.ts). */
export interface AuthDeps {
  auth: AuthService;
  links: AccountLinks;
  config: Config;
  guards: Guards;
}

const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const auth = deps.auth;
  const rateLimit = { max: deps.config.rateLimit.authMax, timeWindow: deps.config.rateLimit.windowMs };
  const tags = ['auth'];

  const answerToken = async (request: FastifyRequest, account: AccountRow) => ({
    token: await auth.tokenFor(account, fileUrl(originOf(request, deps.config.publicUrl), account.profile_photo)),
  });

  route(
    app,
    API.auth.userSignup,
    { schema: { tags }, config: { rateLimit } },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await auth.signupUser({ name: name!, email: email!, password: password!, language: languageOf(request) });
      return reply.code(201).send({ message: TEXTS.success.userRegistered });
    },
  );

  route(
    app,
    API.auth.governmentSignup,
    { schema: { tags, consumes: ['multipart/form-data'] }, config: { rateLimit } },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, {
        fileFields: ['proofDoc'],
        maxFiles: 1,
        maxFileBytes: LIMITS.proofDocMaxBytes,
      });
      const proof = files[0];
      const problem = validateGovernmentSignup({ ...fields, hasProofDoc: proof !== undefined });
      if (problem) throw badRequest(problem);
      const type = await sniffFile(proof!);
      if (!type) throw unsupported(TEXTS.validation.proofDocType);
      await auth.signupGovernment({
        department: fields.department ?? '',
        email: fields.email!,
        password: fields.password!,
        phone: fields.phone!,
        city: fields.city ?? '',
        proof: { data: proof!, type },
        language: languageOf(request),
      });
      return reply.code(201).send({ message: TEXTS.success.governmentRegistered });
    },
  );

  route(
    app,
    API.auth.userLogin,
    { schema: { tags }, config: { rateLimit } },
    async (request) => answerToken(request, await auth.login('user', request.body.email!, request.body.password!)),
  );

  route(
    app,
    API.auth.governmentLogin,
    { schema: { tags }, config: { rateLimit } },
    async (request) =>
      answerToken(request, await auth.login('government', request.body.officialEmail!, request.body.password!)),
  );

  route(
    app,
    API.auth.adminLogin,
    { schema: { tags }, config: { rateLimit } },
    async (request) => {
      const { email, password, secretKey } = request.body;
      return answerToken(request, await auth.loginAdmin(email!, password!, secretKey!));
    },
  );

  // Issue 27 item 4: verification and password reset links.
  route(app, API.auth.forgotPassword, { schema: { tags }, config: { rateLimit } }, async (request) => {
    await deps.links.forgotPassword(request.body.email, languageOf(request));
    return { message: ACCOUNT_EMAIL_TEXTS.resetSent };
  });

  route(app, API.auth.resetPassword, { schema: { tags }, config: { rateLimit } }, async (request) => {
    await deps.links.resetPassword(request.body.token, request.body.password);
    return { message: ACCOUNT_EMAIL_TEXTS.passwordReset };
  });

  route(app, API.auth.verifyEmail, { schema: { tags }, config: { rateLimit } }, async (request) => {
    await deps.links.verify(request.body.token);
    return { message: ACCOUNT_EMAIL_TEXTS.emailVerified };
  });

  route(
    app,
    API.account.resendVerification,
    { schema: { tags }, onRequest: deps.guards.requireAuth(), config: { rateLimit } },
    async (request) => {
      await deps.links.resendVerification(caller(request), languageOf(request));
      return { message: ACCOUNT_EMAIL_TEXTS.verificationSent };
    },
  );
}
