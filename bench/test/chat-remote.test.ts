/**
 * The chat bench's client host (./src/chat-remote.ts, issue 31 item 4): the bench on one machine
 * asks a host on another for a group of receiving sockets. Here the host runs on loopback with its
 * clock set 5 s off (as another machine's would be) and the sockets connect to a real server: every
 * delivery comes back, on the bench's clock.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signupCitizen, type TestApp } from '../../apps/server/test/helpers/app.js';
import { clock } from '../src/chat-clients.js';
import { encodeFrame, frameReader, RemoteGroup, serveClientHost } from '../src/chat-remote.js';

describe('frames between the bench and a client host', () => {
  it('reads every value back, in order, however the stream is cut', () => {
    const values = [
      { id: 1, op: 'clock' },
      { id: 2, value: { seqs: Uint32Array.from([3, 1, 2]), times: Float64Array.from({ length: 50_000 }, (_, i) => i * 0.25) } },
      { id: 3, error: 'no such group' },
    ];
    const bytes = Buffer.concat(values.map(encodeFrame));
    for (const cut of [1, 3, 7, 4096, bytes.length]) {
      const got: unknown[] = [];
      const read = frameReader(new net.Socket(), (v) => got.push(v));
      for (let at = 0; at < bytes.length; at += cut) read(bytes.subarray(at, at + cut));
      expect(got, `cut every ${cut} bytes`).toEqual(values);
    }
  });

  it('ends the connection, not the process, on bytes that are not a frame', () => {
    const socket = new net.Socket();
    const got: unknown[] = [];
    const read = frameReader(socket, (v) => got.push(v));
    read(Buffer.from([0, 0, 0, 3, 0xff, 0xff, 0xff]));
    expect(got).toEqual([]);
    expect(socket.destroyed).toBe(true);
  });
});

const SKEW_MS = 5000;

describe('a client host', () => {
  let t: TestApp;
  let base: string;
  let host: net.Server;
  let address: string;
  const groups: RemoteGroup[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = await serveClientHost(0, '127.0.0.1', SKEW_MS);
    address = `127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(groups.map((g) => g.dispose()));
    await new Promise((resolve) => host.close(resolve));
    await t.close();
  });

  it("holds a group of sockets for the bench and hands back every delivery on the bench's clock", async () => {
    const group = await RemoteGroup.open(address, 'raw');
    groups.push(group);
    // The host's clock is the bench's plus the skew: the measured offset says so, within its bound.
    expect(group.sameMachine).toBe(true);
    expect(group.uncertainty).toBeLessThan(50);
    expect(Math.abs(group.offset - SKEW_MS)).toBeLessThanOrEqual(group.uncertainty + 1e-6);

    const receiver = await signupCitizen(t.app, 'Bench Receiver');
    const sender = await signupCitizen(t.app, 'Bench Sender');
    const connected = await group.connect([base], [receiver.token], 0, 3);
    expect(connected.deflate).toBe('none');
    await group.start(1, 2);
    const sentAt = clock();
    for (const seq of [0, 1]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: sender.auth, payload: { msg: `bench 1 ${seq}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A message of another phase is counted as stray, not as a delivery.
    await t.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: sender.auth, payload: { msg: 'bench 9 0' } });
    await vi.waitFor(async () => expect(await group.received()).toBe(6), { timeout: 10_000 });
    const d = await group.finish();
    const doneAt = clock();
    expect(d.received).toBe(6);
    expect(d.stray).toBe(3);
    expect(d.disconnects).toBe(0);
    expect([...d.seqs].sort()).toEqual([0, 0, 0, 1, 1, 1]);
    for (const at of d.times) {
      expect(at).toBeGreaterThan(sentAt);
      expect(at).toBeLessThan(doneAt);
    }
    const cpu = await group.cpu();
    // The group's process on the host did work (started, connected, received): its CPU time shows it.
    expect(cpu!.user + cpu!.system).toBeGreaterThan(0);
    await group.closeSockets();
  });

  it('passes what failed on the host back to the bench, and says when no host is there', async () => {
    const group = await RemoteGroup.open(address, 'raw');
    groups.push(group);
    await expect(group.connect(['http://127.0.0.1:1'], ['token'], 0, 1)).rejects.toThrow(address);
    await expect(RemoteGroup.open('no-port', 'raw')).rejects.toThrow('is not host:port');
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(RemoteGroup.open(`127.0.0.1:${port}`, 'raw')).rejects.toThrow('is npm run bench:chat:clients running there?');
  });
});
