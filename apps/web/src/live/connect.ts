/**
 * The part of the live connection that only a connected tab needs: socket.io-client and the spec's
 * connection defaults. LiveClient imports this module on demand (after the page's load event), so
 * neither the client library nor the shared live module (whose request schemas bring zod along) is in
 * the first-paint bundle.
 */
import { io, type Socket } from 'socket.io-client';
import { LIVE_DEFAULTS, LIVE_LIMITS, type ClientToServerEvents, type ServerToClientEvents } from '@civicpulse/shared';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const WATCHED_POSTS_MAX = LIVE_LIMITS.watchedPostsMax;

/** Same origin, path /socket.io, spec 9's timeout and reconnection delays, the token in the handshake. */
export function openSocket(token: string): LiveSocket {
  return io(window.location.origin, { ...LIVE_DEFAULTS, auth: { token } });
}
