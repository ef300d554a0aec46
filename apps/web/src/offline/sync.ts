/**
 * Asks the service worker to send the outbox when the connection returns (Background Sync). Where the
 * browser has no Background Sync, or no service worker runs, the pages do it instead
 * (components/offline/OutboxWatcher: the `online` event and the next start).
 */
import { OUTBOX_SYNC_TAG } from './outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // No permission (a browser setting), no active worker: the pages send it.
    return false;
  }
}
