/**
 * Whether the app is offline, for the offline banner (issue 17, item 5): the browser says so
 * (navigator.onLine), or requests are failing although it does not (a connection that drops, "lie-fi").
 * The service worker reports each API request it handles (NETWORK_MESSAGE, `ok` true or false), and
 * screens that see a request fail with no answer call reportNetworkFailure(). Small: the layout bundles it.
 */
import { useSyncExternalStore } from 'react';
import { NETWORK_MESSAGE } from './messages';

let failing = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function setFailing(next: boolean): void {
  if (failing === next) return;
  failing = next;
  notify();
}

/** A request just went unanswered (ApiError status 0, a service worker fallback to the cache). */
export function reportNetworkFailure(): void {
  setFailing(true);
}

export function reportNetworkSuccess(): void {
  setFailing(false);
}

let wired = false;
function wire(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  window.addEventListener('online', () => {
    failing = false;
    notify();
  });
  window.addEventListener('offline', notify);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; ok?: unknown } | null;
    if (data?.type === NETWORK_MESSAGE) setFailing(data.ok !== true);
  });
}

function subscribe(listener: () => void): () => void {
  wire();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const offlineNow = () => (typeof navigator !== 'undefined' && navigator.onLine === false) || failing;

/** True while the browser is offline or requests are failing. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, offlineNow, () => false);
}
