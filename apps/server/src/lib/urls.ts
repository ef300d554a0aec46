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

/**
 * MEDIA_PUBLIC_URL (a CDN, or the bucket's public origin): public images are linked there instead
 * of `<origin>/uploads`. Set once at start from the configuration (buildApp), like a constant: it is
 * configuration, not request state, and every process of a deployment has the same value.
 */
let mediaBase: string | undefined;
export function configureMediaUrls(mediaPublicUrl: string | undefined): void {
  mediaBase = mediaPublicUrl?.replace(/\/+$/, '');
}

export function fileUrl(origin: string, key: string | null | undefined): string {
  if (!key) return '';
  if (/^https?:\/\//.test(key)) return key;
  return `${mediaBase ?? `${origin}/uploads`}/${key.replace(/^public\//, '')}`;
}

/** A department's proof document opens only through the authenticated route, never a public file URL. */
export function proofDocumentUrl(origin: string, id: string): string {
  return `${origin}/api/gov/proofDocument/${id}`;
}

/**
 * The storage key behind one of our public file URLs (`<origin>/uploads/...` or `/uploads/...`), or
 * null for anything else: another host, another path, a query string, tricks with dots or encodings.
 */
export function uploadKeyOf(url: string, origin: string): string | null {
  if (mediaBase && url.startsWith(`${mediaBase}/`)) {
    // One of our public images as the CDN links it: the same key rules as /uploads below.
    const rest = url.slice(mediaBase.length + 1);
    return /^[a-z0-9/_.-]+$/i.test(rest) && !rest.includes('..') ? `public/${rest}` : null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin || parsed.search || parsed.hash) return null;
  const match = /^\/uploads\/([a-z0-9/_.-]+)$/i.exec(parsed.pathname);
  if (!match || match[1]!.includes('..')) return null;
  return `public/${match[1]}`;
}
