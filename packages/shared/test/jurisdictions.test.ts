import { describe, expect, it } from 'vitest';
import { jurisdictionKeys, matchesJurisdiction, pointInArea, reportKeys, validateJurisdiction, type Jurisdiction, type RoutableReport } from '../src/index.js';

const report: RoutableReport = {
  state: 'Maharashtra',
  city: '',
  pincode: '411005',
  address: '14 FC Road, Shivajinagar,  pune ',
  category: 'water',
  lat: 18.53,
  lng: 73.85,
};
const base: Jurisdiction = { state: 'Maharashtra', cities: [], pincodes: [], categories: [], area: null };
const ring = (lat: number, lng: number, d: number): Array<[number, number]> => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
  [lng - d, lat - d],
];

describe('matchesJurisdiction', () => {
  it('needs the same state and a handled category (none chosen = all)', () => {
    expect(matchesJurisdiction(base, report)).toBe(true);
    expect(matchesJurisdiction({ ...base, state: 'Delhi' }, report)).toBe(false);
    expect(matchesJurisdiction({ ...base, categories: ['roads'] }, report)).toBe(false);
    expect(matchesJurisdiction({ ...base, categories: ['roads', 'water'] }, report)).toBe(true);
  });

  it('matches a pincode, a city (trimmed, any case) or a comma-separated part of the address', () => {
    expect(matchesJurisdiction({ ...base, pincodes: ['411005'] }, report)).toBe(true);
    expect(matchesJurisdiction({ ...base, pincodes: ['400001'] }, report)).toBe(false);
    expect(matchesJurisdiction({ ...base, cities: ['Pune'] }, report)).toBe(true);
    expect(matchesJurisdiction({ ...base, cities: ['Shivajinagar'] }, report)).toBe(true);
    // A word inside a part is not a city: "FC Road" is not "Road".
    expect(matchesJurisdiction({ ...base, cities: ['Road'] }, report)).toBe(false);
    expect(matchesJurisdiction({ ...base, cities: ['Mumbai'] }, { ...report, city: ' MUMBAI ' })).toBe(true);
  });

  it('matches a point inside the drawn area and outside its holes', () => {
    const area = { type: 'Polygon' as const, coordinates: [ring(18.5, 73.8, 0.2), ring(18.53, 73.85, 0.01)] };
    expect(pointInArea(area, 18.45, 73.75)).toBe(true);
    expect(pointInArea(area, 18.53, 73.85)).toBe(false);
    expect(pointInArea(area, 19.5, 73.8)).toBe(false);
    expect(matchesJurisdiction({ ...base, area, pincodes: ['400001'] }, { ...report, lat: 18.45, lng: 73.75 })).toBe(true);
  });

  it('shares an index key with every report it matches', () => {
    const shapes: Jurisdiction[] = [base, { ...base, pincodes: ['411005'] }, { ...base, cities: ['pune'] }, { ...base, area: { type: 'Polygon', coordinates: [ring(18.5, 73.8, 0.2)] } }];
    for (const j of shapes) {
      expect(matchesJurisdiction(j, report)).toBe(true);
      expect(jurisdictionKeys(j).some((k) => reportKeys(report).includes(k))).toBe(true);
    }
  });
});

describe('validateJurisdiction', () => {
  it('normalises cities, pincodes and categories', () => {
    const r = validateJurisdiction({ state: ' Maharashtra ', cities: ['  Pune ', 'PUNE', 'Pimpri  Chinchwad'], pincodes: ['411005', 411005], categories: ['water', 'roads'] });
    expect(r).toEqual({ ok: true, value: { state: 'Maharashtra', cities: ['Pune', 'Pimpri Chinchwad'], pincodes: ['411005'], categories: ['roads', 'water'], area: null } });
  });
  it('refuses non-finite coordinates and a MultiPolygon with an open ring', () => {
    expect(validateJurisdiction({ state: 'Goa', area: { type: 'Polygon', coordinates: [[[73, 15], [74, 15], [74, Number.NaN], [73, 15]]] } }).ok).toBe(false);
    expect(validateJurisdiction({ state: 'Goa', area: { type: 'MultiPolygon', coordinates: [[ring(15.4, 73.9, 0.1).slice(0, 4)]] } }).ok).toBe(false);
    expect(validateJurisdiction({ state: 'Goa', area: { type: 'MultiPolygon', coordinates: [[ring(15.4, 73.9, 0.1)]] } }).ok).toBe(true);
  });
});
