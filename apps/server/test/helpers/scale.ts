/** The scale suites' calls (scale-lists.test.ts, scale-counters-plans.test.ts), bound to the suite's app once its beforeAll ran. */
import { expect } from 'vitest';
import type { Actor, TestApp } from './app.js';

export function scaleCalls(appOf: () => TestApp) {
  const get = async <T>(actor: Actor, url: string): Promise<T> => {
    const res = await appOf().app.inject({ method: 'GET', url, headers: actor.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const put = (actor: Actor, url: string, payload?: object) => appOf().app.inject({ method: 'PUT', url, headers: actor.auth, ...(payload ? { payload } : {}) });
  return { get, put };
}
