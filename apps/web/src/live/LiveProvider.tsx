/**
 * Starts the live connection for the signed-in session (and only then), stops it on logout, and keeps
 * the query cache in step with what the server announces: post counts and states on every screen that
 * shows the post, the bell's notifications, and a catch-up after the connection was down.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../session/useSession';
import type { LiveClient } from './LiveClient';
import type { LiveCacheBridge } from './LiveCacheBridge';
import { LiveContext } from './hooks';
import { afterFirstPaint } from '../lib/pageLoaded';

interface Live {
  client: LiveClient;
  Bridge: typeof LiveCacheBridge;
}

export function LiveProvider({ children }: { children: ReactNode }) {
  const { loading, token } = useSession();
  // The client's code (and the cache bridge's) loads once there is a session and the page has loaded
  // and painted: it connects only after the load event anyway. Until then the live hooks see no client and do
  // nothing, as outside a provider. Both arrive together, so the bridge hears the first connection.
  const [live, setLive] = useState<Live | null>(null);
  const wanted = !loading && Boolean(token);

  useEffect(() => {
    if (!wanted || live) return;
    let cancelled = false;
    afterFirstPaint()
      .then(() => Promise.all([import('./LiveClient'), import('./LiveCacheBridge')]))
      .then(
        ([clientModule, bridgeModule]) => {
          if (!cancelled) setLive({ client: new clientModule.LiveClient(), Bridge: bridgeModule.LiveCacheBridge });
        },
        (error: unknown) => console.warn('Live connection unavailable', error),
      );
    return () => {
      cancelled = true;
    };
  }, [wanted, live]);

  const client = live?.client ?? null;
  useEffect(() => {
    if (!client) return;
    if (loading || !token) {
      client.stop();
      return;
    }
    void client.start(token);
    return () => client.stop();
  }, [client, loading, token]);

  return (
    <LiveContext.Provider value={client}>
      {token && live && <live.Bridge client={live.client} />}
      {children}
    </LiveContext.Provider>
  );
}
