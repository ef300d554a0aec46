/**
 * Security headers for the web app, the API and uploads (helmet), with a Content-Security-Policy
 * the web app works under: our own scripts only, map tiles from the configured tile server,
 * uploads from PUBLIC_URL. See test/security-headers.test.ts and e2e/tests/csp.spec.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware, built per request
 * by @fastify/helmet, parsed the CSP directives again on every request (about 0.25 ms of the feed
 * page's 8.7, issue 31 item 2). Nothing in them depends on the request (no nonces).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): { set: Array<[string, string]>; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return res;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return { set: [...set], removed };
}

/**
 * The CSP source for a tile template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`:
 * its origin, a `{s}` subdomain placeholder becoming the `*.` wildcard CSP allows. A relative
 * template is same-origin ('self' covers it); a placeholder CSP cannot express widens to the scheme.
 */
export function tileSource(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) return undefined;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  if (!host.includes('*')) return `${scheme}://${host}`;
  if (/^\*\.[^*]+$/.test(host)) return `${scheme}://${host}`;
  return `${scheme}:`;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const tiles = tileSource(config.tileUrl);
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  // The live connection (Socket.IO) to our own host; 'self' covers ws(s) in current browsers, the
  // explicit origin covers older ones when the public origin is known.
  const liveOrigin = publicOrigin?.replace(/^http/, 'ws');
  const list = (...sources: Array<string | undefined>) => sources.filter((s): s is string => Boolean(s));

  const { set, removed } = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The built index.html loads one module script from /assets; nothing inline (apps/web/index.html).
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // react-hot-toast (goober) writes its rules into a <style> element it creates, and Leaflet
        // markers (L.divIcon html) carry style attributes: both are inline styles. Style injection
        // cannot run script, so this is the one relaxation, and only for styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos being picked are previewed from blob: URLs; Leaflet's and our small icons are data:.
        imgSrc: list("'self'", 'data:', 'blob:', tiles, publicOrigin, config.mediaPublicUrl ? new URL(config.mediaPublicUrl).origin : undefined),
        fontSrc: ["'self'", 'data:'],
        connectSrc: list("'self'", liveOrigin),
        // Issue 17: the service worker (/sw.js) and the web manifest, both from our own origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Set below, and only over HTTPS: on plain HTTP the header means nothing, and a development
    // server on localhost must not teach the browser to insist on HTTPS for it.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Tile servers (OpenStreetMap's policy) want a Referer naming the site; never the full path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // On the raw response, first thing, as @fastify/helmet did: every answer has them (404s, errors,
  // files), and a route's own header of the same name (an upload's Cross-Origin-Resource-Policy) wins.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });

  // Callback style: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    // request.protocol honours X-Forwarded-Proto only with TRUST_PROXY, so a client cannot fake it.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    // API answers depend on the caller (and login answers carry a token): no cache, shared or
    // private, may keep them. A route that means to be cached sets its own Cache-Control.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
