import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { TEXTS, type Role } from '@civicpulse/shared';
import { forbidden, unauthorized } from '../lib/errors.js';
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
}

export async function resolveAccount(ctx: SessionDeps, token: string): Promise<AccountRow | null> {
  return (await resolveSession(ctx, token))?.account ?? null;
}

/** resolveAccount plus the token's expiry (epoch seconds): the live connection ends a socket then. */
export async function resolveSession(ctx: SessionDeps, token: string): Promise<{ account: AccountRow; exp: number } | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const account = await ctx.accounts.findById(claims.id);
  return account && account.role === claims.role && claims.iat >= Number(account.sessions_from) ? { account, exp: claims.exp } : null;
}

export interface Guards {
  /** Requires a valid token; with roles, also one of those roles (403 otherwise). */
  requireAuth(...roles: Role[]): onRequestAsyncHookHandler;
  /** Reads a token when one is sent, but lets anonymous callers through. */
  optionalAuth: onRequestAsyncHookHandler;
}

export function createGuards(ctx: SessionDeps): Guards {
  return {
    requireAuth:
      (...roles: Role[]) =>
      async (request: FastifyRequest, _reply: FastifyReply) => {
        const token = bearer(request);
        if (!token) throw unauthorized(TEXTS.auth.tokenMissing);
        const account = await resolveAccount(ctx, token);
        if (!account) throw unauthorized(TEXTS.auth.tokenInvalid);
        if (roles.length > 0 && !roles.includes(account.role)) throw forbidden(TEXTS.auth.forbidden);
        request.account = account;
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
