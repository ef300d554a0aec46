/**
 * A push service on loopback for the Web Push suite (https, with the test certificate for 127.0.0.1 in
 * fixtures/loopback-tls.*: push requests always go over TLS): it plays a browser's push service and the browser.
 * Each subscriber has a real P-256 key pair and auth secret; a POST to its endpoint must carry a VAPID
 * signature (RFC 8292) that verifies against the key the server published, and a body encrypted for the
 * subscriber (RFC 8291, aes128gcm), which is decrypted here with the subscriber's private key. Answers
 * 201, or 410 for a subscriber marked gone.
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface Subscriber {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriber: string;
  payload: unknown;
  ttl: string | undefined;
  topic: string | undefined;
  /** The VAPID claims that verified. */
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
}

interface Keys {
  ecdh: ECDH;
  auth: Buffer;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291: the content of an aes128gcm body encrypted for (ecdh, auth). */
export function decryptPush(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Content, then the last record's delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the claims when the ES256 signature verifies. */
function verifyVapid(header: string | undefined): { claims: ReceivedPush['claims']; publicKey: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as ReceivedPush['claims'], publicKey: k };
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const fixtures = path.join(import.meta.dirname, '../fixtures');
const tls = { key: readFileSync(path.join(fixtures, 'loopback-tls.key')), cert: readFileSync(path.join(fixtures, 'loopback-tls.crt')) };
/** An https agent that trusts the loopback push service (BuildOptions.pushAgent). */
export const loopbackAgent = new Agent({ ca: tls.cert });

export async function startPushService() {
  const keys = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const gone = new Set<string>();
  /** Statuses to answer (once each, in order) before accepting, per subscriber. */
  const failures = new Map<string, number[]>();
  const server = createServer(tls, (req, res) => {
    void (async () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(req.url ?? '')?.[1];
      const body = await bodyOf(req);
      const k = id ? keys.get(id) : undefined;
      if (!id || !k || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (gone.has(id)) {
        res.writeHead(410).end();
        return;
      }
      const fail = failures.get(id)?.shift();
      if (fail) {
        res.writeHead(fail).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const { claims, publicKey } = verifyVapid(req.headers.authorization);
        const payload: unknown = JSON.parse(decryptPush(body, k).toString('utf8'));
        received.push({ subscriber: id, payload, ttl: req.headers.ttl as string | undefined, topic: req.headers.topic as string | undefined, claims, publicKey });
        res.writeHead(201).end();
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `https://127.0.0.1:${port}`;
  return {
    received,
    errors,
    /** A new browser: its endpoint here and the keys it would hand the server. */
    subscriber(): Subscriber {
      const id = randomBytes(6).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { id, endpoint: `${base}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    markGone(id: string) {
      gone.add(id);
    },
    /** Answer these statuses to the next pushes for `id` first. */
    failNext(id: string, ...statuses: number[]) {
      failures.set(id, statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
