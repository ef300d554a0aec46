/** The route map's server side, against small fake routing servers over real HTTP on loopback. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupGovernment, type TestApp } from './helpers/app.js';

interface Fake {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

function fakeServer(handler: (url: string, body: string) => { status: number; json: unknown }): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = handler(req.url!, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const FROM = { lat: 19.076, lng: 72.8777 };
const TO = { lat: 19.0269, lng: 72.8383 };
const qs = `fromLat=${FROM.lat}&fromLng=${FROM.lng}&toLat=${TO.lat}&toLng=${TO.lng}`;

describe('route map', () => {
  let osrm: Fake;
  let ors: Fake;
  beforeAll(async () => {
    osrm = await fakeServer(() => ({
      status: 200,
      json: { code: 'Ok', routes: [{ distance: 7421.6, duration: 1180.2, geometry: { type: 'LineString', coordinates: [[72.8777, 19.076], [72.86, 19.05], [72.8383, 19.0269]] } }] },
    }));
    ors = await fakeServer(() => ({
      status: 200,
      json: { features: [{ geometry: { coordinates: [[72.8777, 19.076], [72.8383, 19.0269]] }, properties: { summary: { distance: 8000, duration: 1300 } } }] },
    }));
  });
  afterAll(async () => {
    await osrm.close();
    await ors.close();
  });

  async function ask(env: Record<string, string>) {
    const t: TestApp = await createTestApp(env);
    try {
      const dept = await signupGovernment(t.app);
      const res = await t.app.inject({ method: 'GET', url: `/api/gov/route?${qs}`, headers: dept.auth });
      expect(res.statusCode).toBe(200);
      return res.json<{ source: string; distanceMeters: number; durationSeconds: number | null; coordinates: number[][]; directionsUrl: string }>();
    } finally {
      await t.close();
    }
  }

  it('asks an OSRM-compatible service and answers [lat, lng] pairs', async () => {
    const route = await ask({ ROUTING_URL: osrm.url });
    expect(route).toMatchObject({ source: 'osrm', distanceMeters: 7422, durationSeconds: 1180 });
    expect(route.coordinates).toEqual([[19.076, 72.8777], [19.05, 72.86], [19.0269, 72.8383]]);
    expect(osrm.requests.at(-1)!.url).toBe(`/route/v1/driving/${FROM.lng},${FROM.lat};${TO.lng},${TO.lat}?overview=full&geometries=geojson`);
  });

  it('uses OpenRouteService with the key sent only from the server', async () => {
    const route = await ask({ ORS_API_KEY: 'secret-ors-key', ORS_URL: ors.url });
    expect(route).toMatchObject({ source: 'ors', distanceMeters: 8000, durationSeconds: 1300 });
    const sent = ors.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('secret-ors-key');
    expect(JSON.parse(sent.body)).toEqual({ coordinates: [[FROM.lng, FROM.lat], [TO.lng, TO.lat]] });
    expect(JSON.stringify(route)).not.toContain('secret-ors-key');
  });

  it('falls back to a straight line with distance and a directions link when nothing is configured', async () => {
    const route = await ask({});
    expect(route.source).toBe('straight');
    expect(route.coordinates).toEqual([[FROM.lat, FROM.lng], [TO.lat, TO.lng]]);
    expect(route.distanceMeters).toBeGreaterThan(6500);
    expect(route.distanceMeters).toBeLessThan(7000);
    expect(route.durationSeconds).toBeNull();
    expect(route.directionsUrl).toContain('openstreetmap.org/directions');
  });

  it('falls back when the routing service fails', async () => {
    const broken = await fakeServer(() => ({ status: 500, json: { code: 'Error' } }));
    try {
      const route = await ask({ ROUTING_URL: broken.url });
      expect(route.source).toBe('straight');
      expect(broken.requests).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});
