/** An error whose message is safe to show the client, with the status it should answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m: string) => new HttpError(401, m);
export const forbidden = (m: string) => new HttpError(403, m);
export const notFound = (m: string) => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooLarge = (m: string) => new HttpError(413, m);
export const unsupported = (m: string) => new HttpError(415, m);
/** Too many attempts: the answer says when to come back, in words and in Retry-After (whole seconds, rounded up). */
export const tooManyAttempts = (m: string, retryAfterMs: number) =>
  new HttpError(429, m, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
