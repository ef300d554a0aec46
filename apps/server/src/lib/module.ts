/**
 * How a server module registers itself. A module names the dependencies it needs (`needs`, one key
 * each, checked complete against its `Deps` type) and receives exactly those, picked from the
 * composition root's container (app.ts): no module sees the whole application context, and adding a
 * dependency to a module is a visible change to its declaration.
 */
import type { FastifyInstance } from 'fastify';

export interface ServerModule<Deps> {
  name: string;
  /** Every key of Deps, so the registry can hand over exactly those and nothing else. */
  needs: { [K in keyof Deps]-?: true };
  register(app: FastifyInstance, deps: Deps): void | Promise<void>;
}

export function defineModule<Deps>(module: ServerModule<Deps>): ServerModule<Deps> {
  return module;
}

/** Registers a module with what it declared, taken from `container` (which must hold every need). */
export async function registerModule<Deps>(app: FastifyInstance, module: ServerModule<Deps>, container: Deps): Promise<void> {
  const deps = Object.fromEntries(Object.keys(module.needs).map((key) => [key, container[key as keyof Deps]])) as Deps;
  await module.register(app, deps);
}
