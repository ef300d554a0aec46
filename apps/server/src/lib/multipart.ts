// The plugin's request and route-config types, for every program that compiles this file (the bench too).
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS, POST_TEXTS, TEXTS } from '@civicpulse/shared';
import { HttpError, badRequest, tooLarge, unsupported } from './errors.js';
import { hasNul } from './input.js';

export interface MultipartForm {
  fields: Record<string, string>;
  /** Non-empty files sent under one of the accepted field names, in order. */
  files: Buffer[];
}

/**
 * Reads a multipart form into memory within its caps: text fields, and the files of the accepted
 * field names (others are drained and dropped). Cap violations answer 413 with the given texts.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { fileFields: string[]; maxFiles: number; maxFileBytes: number; tooManyFiles?: string; fileTooLarge?: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupported(TEXTS.http.unsupportedMediaType);
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  // The rule of lib/input.ts for forms: a NUL in a field's name or text, or in a file name,
  // refuses the whole form (after it was read, so the connection stays usable) and nothing is stored.
  let nul = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles, fields: 20, fieldSize: 100_000 } })) {
      if (hasNul(part.fieldname)) nul = true;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (hasNul(part.filename)) nul = true;
        if (opts.fileFields.includes(part.fieldname) && data.length > 0) files.push(data);
      } else if (typeof part.value === 'string') {
        if (hasNul(part.value)) nul = true;
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooLarge(opts.tooManyFiles ?? TEXTS.http.bodyTooLarge);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.fileTooLarge ?? TEXTS.http.fileTooLarge);
    // Coded errors of @fastify/multipart (other limits, a __proto__ field) carry their own status.
    if (err instanceof HttpError || code !== undefined) throw err;
    // The parser's own complaints (no boundary, the form ends early) are a malformed request.
    throw badRequest(TEXTS.http.malformedMultipart);
  }
  if (nul) throw badRequest(TEXTS.http.nulCharacter);
  return { fields, files };
}

/** The caps of a photo upload (reports and final updates). */
export const PHOTO_UPLOAD = {
  maxFiles: LIMITS.imagesPerPostMax,
  maxFileBytes: LIMITS.imageMaxBytes,
  tooManyFiles: POST_TEXTS.tooManyImages,
  fileTooLarge: POST_TEXTS.imageTooLarge,
} as const;
