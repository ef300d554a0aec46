/**
 * React's view of the live connection: the client itself (LiveProvider puts it in context), its status,
 * server events, (re)connections and the posts a component shows. Outside a LiveProvider every hook is
 * a quiet no-op, so a card rendered on its own still works.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerToClientEvents } from '@civicpulse/shared';
import type { ConnectInfo, LiveClient, LiveEventName, LiveStatus } from './LiveClient';

export const LiveContext = createContext<LiveClient | null>(null);

const noSubscription = () => () => undefined;

export function useLiveClient(): LiveClient | null {
  return useContext(LiveContext);
}

/** off, connecting, connected or reconnecting. */
export function useLiveStatus(): LiveStatus {
  const live = useLiveClient();
  return useSyncExternalStore(live ? live.subscribeStatus : noSubscription, () => live?.getStatus() ?? 'off');
}

/** The latest handler without resubscribing on every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls `handler` for every `event` the server sends while the component is mounted. */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: ServerToClientEvents[E]): void {
  const live = useLiveClient();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!live) return;
    const forward = ((payload: never) => (latest.current as (p: never) => void)(payload)) as ServerToClientEvents[E];
    return live.on(event, forward);
  }, [live, event, latest]);
}

/** Calls `handler` on every connection while mounted (`reconnect` false for the first of a session). */
export function useLiveConnect(handler: (info: ConnectInfo) => void): void {
  const live = useLiveClient();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!live) return;
    return live.onConnect((info) => latest.current(info));
  }, [live, latest]);
}

/**
 * Follows these posts' live updates while mounted: the client joins their rooms (ref-counted across
 * components, joined again after every reconnect) and leaves them when nothing shows them any more.
 */
export function useWatchPosts(ids: readonly string[]): void {
  const live = useLiveClient();
  const key = ids.join(',');
  useEffect(() => {
    if (!live || !key) return;
    return live.watch(key.split(','));
  }, [live, key]);
}

/** One post: watched while mounted; true once the server confirmed the room on this connection. */
export function useWatchPost(id: string): boolean {
  const live = useLiveClient();
  useWatchPosts(id ? [id] : []);
  return useSyncExternalStore(live ? live.subscribeWatching : noSubscription, () => (live ? live.isWatching(id) : false));
}
