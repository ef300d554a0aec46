/**
 * The chat bench's client host (npm run bench:chat:clients): run on a second machine, it holds the
 * receiving sockets a bench elsewhere asks for (BENCH_CHAT_CLIENT_HOSTS there), one child process per
 * group (./chat-remote.ts). Listens on BENCH_CHAT_HOST_LISTEN (0.0.0.0) port BENCH_CHAT_HOST_PORT
 * (7070) until stopped. A private network only: it opens sockets to whatever address a bench names.
 * Raise the open-files limit first (ulimit -n 65536): every socket is a file descriptor.
 */
import { openFilesLimit } from './chat-probes.js';
import { serveClientHost } from './chat-remote.js';

const port = Number(process.env.BENCH_CHAT_HOST_PORT ?? 7070);
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error('BENCH_CHAT_HOST_PORT must be a port number');
const listen = process.env.BENCH_CHAT_HOST_LISTEN ?? '0.0.0.0';
const server = await serveClientHost(port, listen);
console.log(`chat client host listening on ${listen}:${port} (open files limit ${openFilesLimit()}); stop it with Ctrl-C`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
