/** socket.io-client helpers for the live suites: typed sockets, the next event, every event. */
import { io as connect, type Socket } from 'socket.io-client';
import { LIVE_DEFAULTS, type ClientToServerEvents, type ServerToClientEvents } from '@civicpulse/shared';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Connects with the token in the handshake; resolves once connected, rejects with the refusal. */
export function openSocket(url: string, token: string | undefined, opened: Client[]): Promise<Client> {
  const socket: Client = connect(url, { ...LIVE_DEFAULTS, reconnection: false, transports: ['websocket'], ...(token !== undefined ? { auth: { token } } : {}) });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The next `event` on `socket` (rejects after `ms`). */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: Client, event: E, ms = 5000): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: Payload<E>) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

/** Collects every `event` on `socket` from now on. */
export function collectEvents<E extends keyof ServerToClientEvents>(socket: Client, event: E): Array<Payload<E>> {
  const seen: Array<Payload<E>> = [];
  socket.on(event, ((payload: Payload<E>) => seen.push(payload)) as never);
  return seen;
}
