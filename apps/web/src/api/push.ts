import { call } from './client';

/**
 * Web Push on this browser (Settings, loaded on demand): whether it can, whether it is on, and turning
 * it on (permission, a subscription with the server's key, registered with the server) or off.
 */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const { publicKey } = await call('GET /api/push/key', { auth: false });
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call('POST /api/push/subscriptions', { body: { endpoint: json.endpoint, keys: json.keys } });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await call('DELETE /api/push/subscriptions', { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return 'off';
}
