/**
 * "Similar reports nearby": distance on the sphere plus word overlap of captions, so that a
 * neighbour about to report "Pothole near bus stop" sees the open report "Huge pothole at the bus
 * stop" 40 m away first.
 */
const STOP_WORDS = new Set(
  'a an the and or of on in at to for is are was were be been near next by with from this that there here it its very please our my we i'.split(' '),
);

export function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().normalize('NFKD').split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    // A light stemmer: potholes → pothole, lights → light, flooding → flood.
    out.add(raw.replace(/(ing|es|s)$/u, '') || raw);
  }
  return out;
}

/** Jaccard overlap of caption words, 0..1. */
export function captionSimilarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared += 1;
  return shared / (wa.size + wb.size - shared);
}

const EARTH_RADIUS_M = 6_371_000;
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** A lat/lng box that contains every point within `meters` of the centre. */
export function boxAround(lat: number, lng: number, meters: number) {
  const dLat = (meters / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Closer is better, and shared words count as much as the whole 250 m of distance. */
export function similarityScore(distance: number, radius: number, similarity: number): number {
  return (1 - distance / radius) * 0.5 + similarity * 0.5;
}
