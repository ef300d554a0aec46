import type { FastifyRequest } from 'fastify';
import { LIMITS, POST_TEXTS, TEXTS } from '@civicpulse/shared';
import { tooLarge, unsupported } from './errors.js';

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
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles, fields: 20, fieldSize: 100_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (opts.fileFields.includes(part.fieldname) && data.length > 0) files.push(data);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooLarge(opts.tooManyFiles ?? TEXTS.http.bodyTooLarge);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.fileTooLarge ?? TEXTS.http.fileTooLarge);
    throw err;
  }
  return { fields, files };
}

/** The caps of a photo upload (reports and final updates). */
export const PHOTO_UPLOAD = {
  maxFiles: LIMITS.imagesPerPostMax,
  maxFileBytes: LIMITS.imageMaxBytes,
  tooManyFiles: POST_TEXTS.tooManyImages,
  fileTooLarge: POST_TEXTS.imageTooLarge,
} as const;
