/**
 * Registers the service worker (src/sw.ts, built to /sw.js by vite-plugin-pwa) with workbox-window.
 * main.tsx loads this module only after the page has loaded, so neither it nor the worker's precache
 * competes with the first paint. Production builds only: `npm run dev` serves no worker.
 */
import { Workbox } from 'workbox-window';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A browser (or test run) that blocks service workers rejects: the app works as before without one.
  wb.register().catch(() => undefined);
}
