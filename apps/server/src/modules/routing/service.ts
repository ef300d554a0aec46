/**
 * Driving routes for the department's route map. The server calls the routing service so that
 * API keys never reach a browser. OSRM-compatible (`ROUTING_URL`) is tried first, then
 * OpenRouteService (`ORS_API_KEY`); without either, or when they fail, a straight line with its
 * distance and a link to directions on OpenStreetMap.
 */
import type { Config } from '../../config.js';
import { distanceMeters } from '../posts/index.js';

export interface RouteAnswer {
  source: 'osrm' | 'ors' | 'straight';
  distanceMeters: number;
  durationSeconds: number | null;
  /** [lat, lng] pairs, ready for Leaflet. */
  coordinates: Array<[number, number]>;
  directionsUrl: string;
}

type Point = { lat: number; lng: number };

const TIMEOUT_MS = 5000;

function isLngLatList(v: unknown): v is Array<[number, number]> {
  return Array.isArray(v) && v.length >= 2 && v.every((p) => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number');
}

export class RoutingService {
  constructor(
    private readonly config: Config['routing'],
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  directionsUrl(from: Point, to: Point): string {
    return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=${from.lat}%2C${from.lng}%3B${to.lat}%2C${to.lng}`;
  }

  private async osrm(from: Point, to: Point): Promise<RouteAnswer | null> {
    const url = `${this.config.osrmUrl}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=full&geometries=geojson`;
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`OSRM answered ${res.status}`);
    const body = (await res.json()) as { code?: string; routes?: Array<{ distance?: number; duration?: number; geometry?: { coordinates?: unknown } }> };
    const route = body.routes?.[0];
    const coords = route?.geometry?.coordinates;
    if (body.code !== 'Ok' || !route || !isLngLatList(coords)) throw new Error(`OSRM gave no route (${body.code ?? 'no code'})`);
    return {
      source: 'osrm',
      distanceMeters: Math.round(route.distance ?? 0),
      durationSeconds: route.duration !== undefined ? Math.round(route.duration) : null,
      coordinates: coords.map(([lng, lat]) => [lat, lng]),
      directionsUrl: this.directionsUrl(from, to),
    };
  }

  private async ors(from: Point, to: Point): Promise<RouteAnswer | null> {
    const res = await fetch(`${this.config.orsUrl}/v2/directions/driving-car/geojson`, {
      method: 'POST',
      headers: { authorization: this.config.orsApiKey!, 'content-type': 'application/json', accept: 'application/geo+json' },
      body: JSON.stringify({ coordinates: [[from.lng, from.lat], [to.lng, to.lat]] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`OpenRouteService answered ${res.status}`);
    const body = (await res.json()) as {
      features?: Array<{ geometry?: { coordinates?: unknown }; properties?: { summary?: { distance?: number; duration?: number } } }>;
    };
    const feature = body.features?.[0];
    const coords = feature?.geometry?.coordinates;
    if (!feature || !isLngLatList(coords)) throw new Error('OpenRouteService gave no route');
    const summary = feature.properties?.summary;
    return {
      source: 'ors',
      distanceMeters: Math.round(summary?.distance ?? 0),
      durationSeconds: summary?.duration !== undefined ? Math.round(summary.duration) : null,
      coordinates: coords.map(([lng, lat]) => [lat, lng]),
      directionsUrl: this.directionsUrl(from, to),
    };
  }

  async route(from: Point, to: Point): Promise<RouteAnswer> {
    const attempts: Array<['osrm' | 'ors', () => Promise<RouteAnswer | null>]> = [];
    if (this.config.osrmUrl) attempts.push(['osrm', () => this.osrm(from, to)]);
    if (this.config.orsApiKey) attempts.push(['ors', () => this.ors(from, to)]);
    for (const [name, attempt] of attempts) {
      try {
        const answer = await attempt();
        if (answer) return answer;
      } catch (err) {
        this.log.warn({ err, service: name }, 'routing service failed; falling back');
      }
    }
    return {
      source: 'straight',
      distanceMeters: Math.round(distanceMeters(from.lat, from.lng, to.lat, to.lng)),
      durationSeconds: null,
      coordinates: [
        [from.lat, from.lng],
        [to.lat, to.lng],
      ],
      directionsUrl: this.directionsUrl(from, to),
    };
  }
}
