import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITS,
  TEXTS,
  adminLoginBody,
  governmentLoginBody,
  messageAnswer,
  tokenAnswer,
  userLoginBody,
  userSignupBody,
  validateGovernmentSignup,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { badRequest, unsupported } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { fileUrl, originOf } from '../../lib/urls.js';
import { sniffFile } from '../../media/sniff.js';
import type { AccountRow } from '../../db/rows.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = ctx.services.auth;
  const rateLimit = { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.windowMs };
  const tags = ['auth'];

  const answerToken = async (request: FastifyRequest, account: AccountRow) => ({
    token: await auth.tokenFor(account, fileUrl(originOf(request, ctx.config.publicUrl), account.profile_photo)),
  });

  r.post(
    '/api/user/signup',
    { schema: { tags, body: userSignupBody, response: { 201: messageAnswer } }, config: { rateLimit } },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await auth.signupUser({ name: name!, email: email!, password: password! });
      return reply.code(201).send({ message: TEXTS.success.userRegistered });
    },
  );

  r.post(
    '/api/gov/signup',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: messageAnswer } },
      config: { rateLimit },
    },
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
      });
      return reply.code(201).send({ message: TEXTS.success.governmentRegistered });
    },
  );

  r.post(
    '/api/user/login',
    { schema: { tags, body: userLoginBody, response: { 200: tokenAnswer } }, config: { rateLimit } },
    async (request) => answerToken(request, await auth.login('user', request.body.email!, request.body.password!)),
  );

  r.post(
    '/api/gov/login',
    { schema: { tags, body: governmentLoginBody, response: { 200: tokenAnswer } }, config: { rateLimit } },
    async (request) =>
      answerToken(request, await auth.login('government', request.body.officialEmail!, request.body.password!)),
  );

  r.post(
    '/api/admin/login',
    { schema: { tags, body: adminLoginBody, response: { 200: tokenAnswer } }, config: { rateLimit } },
    async (request) => {
      const { email, password, secretKey } = request.body;
      return answerToken(request, await auth.loginAdmin(email!, password!, secretKey!));
    },
  );
}
