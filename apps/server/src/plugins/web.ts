import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { TEXTS } from '@civicpulse/shared';

/** dist/preload.json (written by apps/web/assets-plugin.ts): URL pattern → what its first screen loads. */
type PreloadTable = Record<string, { js: string[]; css: string[] }>;

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pathname === '') return pattern === '/';
  return want.length === got.length && want.every((part, i) => part.startsWith(':') ? got[i] !== '' : part === got[i]);
}

/**
 * index.html for a URL, with <link rel=modulepreload> for the chunks of the screen that URL shows, so
 * the browser fetches them beside the entry instead of after it (issue 10: no chunk waterfall). Built
 * once per pattern; file names are the build's hashed names, nothing from the request is echoed.
 */
function pageFor(webDist: string): (url: string) => string {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const tableFile = path.join(webDist, 'preload.json');
  const table: PreloadTable = existsSync(tableFile) ? (JSON.parse(readFileSync(tableFile, 'utf8')) as PreloadTable) : {};
  const pages = new Map<string, string>();
  for (const [pattern, { js, css }] of Object.entries(table)) {
    const links = [
      ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ].join('');
    pages.set(pattern, html.replace('</head>', `${links}</head>`));
  }
  return (url) => {
    const pathname = url.split('?')[0] ?? '/';
    for (const [pattern, page] of pages) if (matches(pattern, pathname)) return page;
    return html;
  };
}

/** Paths answered for programs, never with the app's page (their misses are JSON 404s). */
const MACHINE_PATHS = ['/api/', '/uploads/', '/socket.io', '/open311/', '/metrics'];

/**
 * Whether a GET or HEAD the static files did not answer is a visit to one of the app's screens: the
 * browser asks for HTML; a client that takes any type (`curl http://localhost:3000/` and its default
 * Accept, or no Accept at all) gets the page too, unless the path names a file (a missing
 * `/assets/x.js` stays a 404, so a stale chunk fails as a script instead of parsing HTML). A client
 * that asks only for JSON gets the 404.
 */
function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const asked = accept ?? '';
  if (asked.includes('text/html')) return true;
  if (asked.trim() !== '' && !asked.includes('*/*')) return false;
  const pathOnly = url.split(/[?#]/, 1)[0] ?? '';
  return !pathOnly.slice(pathOnly.lastIndexOf('/') + 1).includes('.');
}

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year and
 * sent as the brotli or gzip file the build wrote next to them (apps/web/assets-plugin.ts), never
 * compressed per request; index.html is revalidated every time so a deploy is picked up at once.
 * Unknown non-API GETs for a screen get index.html (`wantsPage`; the SPA's router shows its own 404).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  const page = hasWeb ? pageFor(webDist) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // Unhashed files, the service worker (/sw.js) and the web manifest among them, are revalidated on
        // every load, so a deploy's new worker is found at once.
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('Vary', 'Accept-Encoding');
        if (filePath.endsWith('.webmanifest')) res.header('Content-Type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = MACHINE_PATHS.some((prefix) => request.url.startsWith(prefix));
    if (page && !isApi && wantsPage(request.method, request.url, request.headers.accept)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page(request.url));
    }
    return reply.code(404).send({ message: TEXTS.http.routeNotFound });
  });
  return hasWeb;
}
