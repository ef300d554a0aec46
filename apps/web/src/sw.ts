/// <reference lib="webworker" />
/**
 * CivicPulse's service worker (issue 17, items 5 and 7), built by vite-plugin-pwa (injectManifest) to
 * /sw.js and registered by main.tsx after the first render.
 *
 * - App shell: every script, style, font, icon and index.html of the build is precached (the list is
 *   injected at build time), so the app starts with no connection.
 * - Navigations to the app's own routes answer the precached index.html; the API, uploads, live
 *   connection, Open311, metrics and files (a path ending in a name with a dot) never do.
 * - Feed, post and My Issues API answers: network first (a short timeout), the last answer when there is
 *   no network, kept per account. Photos under /uploads: cache first, expiring.
 * - Background Sync: the `sync` event sends the report outbox (src/offline/outbox.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { flushOutbox, OUTBOX_SYNC_TAG, tokenClaims } from './offline/outbox';
import { NETWORK_MESSAGE } from './offline/messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Background Sync's event (not in TypeScript's webworker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// A new worker takes over at once (and the first one takes the page that registered it), so a deploy's
// worker does not wait for every tab to close; the pages' code is hashed and precached.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself, never with the app shell. */
const SERVER_PATHS = [/^\/(api|uploads|socket\.io|open311|metrics)(\/|$)/, /\/[^/?]+\.[^/]+$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * API answers depend on who asks (the feed leaves out the reader's own posts, `myVote`): the cache key
 * carries the account the bearer token names, so one account never reads another's cached answers.
 */
const perAccount: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    const account = auth.startsWith('Bearer ') ? (tokenClaims(auth.slice(7))?.id ?? 'unknown') : 'guest';
    const url = new URL(request.url);
    url.searchParams.set('__account', account);
    return url.href;
  },
};

/** Tells the page that made an API request whether the network answered it (the offline banner). */
function tellClient(event: ExtendableEvent | undefined, ok: boolean): void {
  const clientId = (event as FetchEvent | undefined)?.clientId;
  if (!clientId) return;
  void self.clients.get(clientId).then((client) => client?.postMessage({ type: NETWORK_MESSAGE, ok }));
}
const networkStatus: WorkboxPlugin = {
  fetchDidFail: async ({ event }) => tellClient(event, false),
  fetchDidSucceed: async ({ event, response }) => {
    tellClient(event, true);
    return response;
  },
};

/** The feed of each role, a post's page, My Issues and the public config (maps' tile server). */
const READABLE_API = [
  /^\/api\/(user|gov|admin)\/allPosts$/,
  /^\/api\/posts\/post\/[^/]+$/,
  /^\/api\/user\/myPosts$/,
  /^\/api\/config$/,
];

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && READABLE_API.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: 'civicpulse-api',
    // On a weak connection the last answer shows after 4 s; the network's answer still updates the cache.
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreVary: true },
    plugins: [
      perAccount,
      networkStatus,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'civicpulse-uploads',
    matchOptions: { ignoreVary: true },
    plugins: [
      // Only whole photos: a range answer or an error must not stand in for the file.
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    flushOutbox().then((result) => {
      // Rejecting asks the browser to fire the event again later (with back-off).
      if (result.waiting > 0) throw new Error(`${result.waiting} report(s) still waiting for the network`);
    }),
  );
});

/** What the server pushes (apps/server/src/modules/push: a notification's words in the account's language). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function pushMessage(event: PushEvent): PushMessage | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    return data && typeof data.title === 'string' ? { title: data.title, body: String(data.body ?? ''), url: String(data.url ?? '/'), tag: String(data.tag ?? '') } : null;
  } catch {
    return null;
  }
}

// Web Push: the bell's notifications while no tab is open. A newer push about the same report replaces
// the older one (its tag).
self.addEventListener('push', (event) => {
  const message = pushMessage(event);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

// A click opens the report in a tab of the app (one already open is reused), never another site.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(String((event.notification.data as { url?: string } | null)?.url ?? '/'), self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
