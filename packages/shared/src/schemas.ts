/**
 * Wire schemas shared by server (validation, OpenAPI, response whitelists) and client (types).
 * Request bodies accept loose strings and are checked by the ordered validators in validation.ts,
 * so that answers carry the spec's texts in the spec's order.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  validateAdminLogin,
  validateContact,
  validateLogin,
  validateUserSignup,
} from './validation.js';

const looseString = z.string().optional();

/** Turns an ordered validator into a zod refinement that reports only its first text. */
function checkedBy<T extends z.ZodRawShape>(shape: T, check: (v: z.infer<z.ZodObject<T>>) => string | null) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const messageAnswer = z.object({ message: z.string() });
export const tokenAnswer = z.object({ token: z.string() });
export const healthAnswer = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

export const userSignupBody = checkedBy(
  { name: looseString, email: looseString, password: looseString, confirmPassword: looseString },
  (v) => validateUserSignup(v),
);
export const userLoginBody = checkedBy({ email: looseString, password: looseString }, validateLogin);
export const governmentLoginBody = checkedBy({ officialEmail: looseString, password: looseString }, (v) =>
  validateLogin({ email: v.officialEmail, password: v.password }),
);
export const adminLoginBody = checkedBy(
  { email: looseString, password: looseString, secretKey: looseString },
  validateAdminLogin,
);
export const contactBody = checkedBy({ name: looseString, email: looseString, message: looseString }, validateContact);

export const idParam = z.object({ id: z.string().min(1).max(64) });

/** `?limit=&cursor=`: both optional; without limit a list answers whole, as the spec's clients expect. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).optional(),
  cursor: z.string().max(300).optional(),
  /**
   * `compact`: posts without the upvotes/downvotes id lists (a paged client has the counts and
   * myVote); left out, the answer has the spec's full shape.
   */
  shape: z.enum(['compact'], { error: 'shape must be "compact"' }).optional(),
});
