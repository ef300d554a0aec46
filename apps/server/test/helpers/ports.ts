import { createServer } from 'node:net';

/** A TCP port nothing listens on now (bound on 127.0.0.1, read, released): for a server a test starts, or one that must refuse. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
