import type { FastifyRequest } from 'fastify';

/**
 * The origin file URLs are built from: PUBLIC_URL when set, else the request's own origin
 * (API-CONTRACT: URLs are absolute so a client on another origin can show them). The request's
 * Host header is client-controlled, so production refuses to start without PUBLIC_URL (config.ts);
 * the fallback serves development and tests only.
 */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  return `${request.protocol}://${request.host}`;
}

export function fileUrl(origin: string, key: string | null | undefined): string {
  if (!key) return '';
  if (/^https?:\/\//.test(key)) return key;
  return `${origin}/uploads/${key.replace(/^public\//, '')}`;
}
