/**
 * A small round-robin reverse proxy for the cluster test and the two-node bench (issue 15): HTTP
 * requests and WebSocket upgrades go to the next live node in turn. A node that refuses the
 * connection is marked down and the request goes to the next one (it never reached a server, so
 * retrying cannot do anything twice); a connection that breaks after the request was sent answers
 * 502, as a real load balancer does.
 */
import http from 'node:http';
import net from 'node:net';

export class RoundRobinProxy {
  readonly server: http.Server;
  private next = 0;
  private readonly down = new Set<number>();
  private readonly agents: http.Agent[];
  /** Requests answered per node (index), for tests that check the load was spread. */
  readonly served: number[];

  constructor(private readonly ports: number[]) {
    this.agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
    this.served = ports.map(() => 0);
    this.server = http.createServer((req, res) => this.forward(req, res));
    this.server.on('upgrade', (req, socket: net.Socket, head) => this.upgrade(req, socket, head));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    for (const a of this.agents) a.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pick(): number | null {
    for (let i = 0; i < this.ports.length; i++) {
      const n = (this.next + i) % this.ports.length;
      if (!this.down.has(n)) {
        this.next = n + 1;
        return n;
      }
    }
    return null;
  }

  /** Bodies are read whole first (test uploads are small), so a refused connection can be retried elsewhere. */
  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.send(req, Buffer.concat(chunks), res, 0));
  }

  private send(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, attempt: number): void {
    const n = this.pick();
    if (n === null) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"No node is up"}');
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: this.ports[n], method: req.method, path: req.url, headers: req.headers, agent: this.agents[n] },
      (answer) => {
        this.served[n]! += 1;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && attempt < this.ports.length) {
        // Never reached a server: mark it down and send the same request to the next one.
        this.down.add(n);
        return this.send(req, body, res, attempt + 1);
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway"}');
      else res.destroy();
    });
    upstream.end(body);
  }

  private upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const n = this.pick();
    if (n === null) return void client.destroy();
    const upstream = net.connect(this.ports[n]!, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') this.down.add(n);
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
  }
}
