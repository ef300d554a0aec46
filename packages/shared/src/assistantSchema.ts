/**
 * The wire schema of POST /api/ask, apart from assistant.ts so that the texts the browser needs on
 * every page never bring zod along (apps/web/vite.config.ts drops unused shared modules whole).
 */
import { z } from 'zod';
import { ASSISTANT_TEXTS, askProblem } from './assistant.js';

/** `{ message }`, checked by askProblem and trimmed. */
export const askBody = z.object({
  message: z
    .string({ error: ASSISTANT_TEXTS.empty })
    .superRefine((value, ctx) => {
      const problem = askProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim()),
});
