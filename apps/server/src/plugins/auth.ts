import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { TEXTS, type Role } from '@civicpulse/shared';
import { unauthorized } from '../lib/errors.js';
import { authorize, guardRoles, routeAction, suspensionRefusal, type Action } from '../policies/index.js';
import { isoAt, systemClock, type Clock } from '../lib/clock.js';
import type { TokenService } from '../lib/tokens.js';
import type { AccountRow } from '../db/rows.js';

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountRow | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the caller from the token: the signature and expiry must hold and the account must still
 * exist with the role the token names (a deleted account's token stops working at once) and the
 * token must be issued no earlier than the account's sessions_from (a password change ends every
 * other session without adding a claim to the contract's token).
 */
/** What resolving a caller needs: the token checks and the account lookup. */
export interface SessionDeps {
  tokens: Pick<TokenService, 'verify'>;
  accounts: { findById(id: string): Promise<AccountRow | undefined> };
  /** The time a suspension is compared with (tests move it); the system clock without one. */
  clock?: Clock;
}

export async function resolveAccount(ctx: SessionDeps, token: string): Promise<AccountRow | null> {
  return (await resolveSession(ctx, token))?.account ?? null;
}

/** resolveAccount plus the token's expiry (epoch seconds): the live connection ends a socket then. */
export async function resolveSession(ctx: SessionDeps, token: string): Promise<{ account: AccountRow; exp: number } | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const account = await ctx.accounts.findById(claims.id);
  if (!account || account.role !== claims.role || claims.iat < Number(account.sessions_from) || account.deactivated_at) return null;
  if (!account.department_id) return { account, exp: claims.exp };
  // A department's member acts for it: verified exactly while the department is.
  const department = await ctx.accounts.findById(account.department_id);
  return department ? { account: { ...account, is_verified: department.is_verified }, exp: claims.exp } : null;
}

/** The roles each requireAuth hook declares, so registration can hold them against the policy. */
const declaredRoles = new WeakMap<object, readonly Role[]>();

/** The policy action of the route a guarded request reached (policies/routes.ts). */
function actionOf(request: FastifyRequest): Action {
  const action = routeAction(request.method, request.routeOptions.url ?? '');
  if (!action) throw new Error(`no policy action for ${request.method} ${request.routeOptions.url}`);
  return action;
}

/**
 * onRoute: a route guarded by requireAuth must name its action in policies/routes.ts, and the roles
 * its guard declares must be the ones the policy lets through, so the two cannot drift apart.
 */
export function checkRouteGuard(route: RouteOptions): void {
  const hooks = [route.onRequest ?? []].flat();
  for (const hook of hooks) {
    const roles = declaredRoles.get(hook);
    if (!roles) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const action = routeAction(method, route.url);
      if (!action) throw new Error(`${method} ${route.url} is guarded but names no policy action (policies/routes.ts)`);
      const policy = guardRoles(action);
      const declared = roles.length > 0 ? roles : (['user', 'government', 'admin'] as const);
      if (declared.length !== policy.length || declared.some((r) => !policy.includes(r))) {
        throw new Error(`${method} ${route.url}: its guard lets ${declared.join(', ')} through, the policy (${action}) ${policy.join(', ')}`);
      }
    }
  }
}

export interface Guards {
  /**
   * Requires a valid token, then asks the policy the action the route names (policies/routes.ts):
   * 403 for a role it does not let through. The roles listed must match the policy's (checked at
   * registration); with none, every signed-in role.
   */
  requireAuth(...roles: Role[]): onRequestAsyncHookHandler;
  /** Reads a token when one is sent, but lets anonymous callers through. */
  optionalAuth: onRequestAsyncHookHandler;
}

export function createGuards(ctx: SessionDeps): Guards {
  return {
    requireAuth: (...roles: Role[]) => {
      const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
        const token = bearer(request);
        if (!token) throw unauthorized(TEXTS.auth.tokenMissing);
        const account = await resolveAccount(ctx, token);
        if (!account) throw unauthorized(TEXTS.auth.tokenInvalid);
        const action = actionOf(request);
        authorize(account, action);
        // A suspended account reads but does not write (policies/moderation.ts says what it still may).
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const refused = suspensionRefusal(account, action, isoAt((ctx.clock ?? systemClock).now()));
          if (refused) throw refused;
        }
        request.account = account;
      };
      declaredRoles.set(hook, roles);
      return hook;
    },
    optionalAuth: async (request: FastifyRequest) => {
      const token = bearer(request);
      request.account = token ? await resolveAccount(ctx, token) : null;
    },
  };
}

/** The authenticated account; only call behind requireAuth. */
export function caller(request: FastifyRequest): AccountRow {
  if (!request.account) throw unauthorized(TEXTS.auth.tokenMissing);
  return request.account;
}
