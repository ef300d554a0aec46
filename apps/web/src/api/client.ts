/**
 * A small typed fetch client. Same origin (the API server also serves this app); the bearer token is
 * read from localStorage on every call; error answers are JSON {message} (API-CONTRACT "Conventions").
 * `call` names a route of the shared route contract by its key ('PUT /api/posts/votePost'): its path
 * parameters, query, body and answer are typed from the contract's schemas, and nothing of the contract
 * (nor zod) is loaded at run time; the key itself carries the method and the path.
 */
import { TEXTS, type ApiAnswer, type ApiBody, type ApiParams, type ApiQuery, type ApiRouteKey } from '@civicpulse/shared';
import { readStoredToken } from '../session/token';
import { currentLanguage, localized } from '../i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own {message}, when the answer carried one. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the browser sets the boundary). */
  form?: FormData;
  /** Send the stored token (default true). Login and signup calls pass false. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** 'Network unavailable…' in the current language. */
export const networkError = (): string => localized(TEXTS).errors.networkUnavailable;

let onUnauthorized: (() => void) | null = null;

/** The session registers how a 401 ends it; the client itself knows nothing about routing or toasts. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/**
 * Ends the session after a 401 on a call that carried the token (expired, revoked, account deleted): the
 * handler the session registered toasts 'Session expired. Please login again.' and goes to /login. The api
 * client calls it itself; other transports (the XHR uploads) call it too.
 */
export function notifyUnauthorized(): void {
  onUnauthorized?.();
}

/** A response body as JSON when it is JSON, else the text itself (or null when empty). */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/** The server's `{ message }`, when the body carries one. */
export function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.json !== undefined || options.form ? 'POST' : 'GET', auth = true } = options;
  // Accept-Language: the server answers its {message} texts in the language the user reads.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = auth ? readStoredToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkError(), networkError());
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token) notifyUnauthorized();
    const serverMessage = messageOf(data);
    throw new ApiError(response.status, serverMessage ?? `${response.status} ${response.statusText}`.trim(), serverMessage);
  }
  return data as T;
}

type QueryValue = string | number | boolean | null | undefined;
type Has<T> = [T] extends [never] ? false : true;

/** What a call of route `K` sends: its path parameters (when it has any), a query, a JSON body or a form. */
export type CallOptions<K extends ApiRouteKey> = (Has<ApiParams<K>> extends true ? { params: ApiParams<K> } : { params?: undefined }) &
  (Has<ApiQuery<K>> extends true ? { query?: { [Q in keyof ApiQuery<K>]?: QueryValue } } : { query?: undefined }) & {
    body?: ApiBody<K>;
    /** A multipart body (the browser sets the boundary). */
    form?: FormData;
    /** Send the stored token (default true). Login and signup calls pass false. */
    auth?: boolean;
    signal?: AbortSignal;
  };

/** The arguments after the route: optional when the route needs nothing. */
export type CallArgs<K extends ApiRouteKey> = object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/**
 * The URL and method of a route key: `:name` segments filled (encoded) from `params`, then the query
 * values that are set, in the order given (null and undefined are left out).
 */
export function routeUrl(route: ApiRouteKey, params?: Record<string, unknown>, query?: Record<string, QueryValue>): { method: string; url: string } {
  const space = route.indexOf(' ');
  const path = route.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const q = search.toString();
  return { method: route.slice(0, space), url: q ? `${path}?${q}` : path };
}

/** One call of a contract route; answers what the route's success schema says. */
export function call<K extends ApiRouteKey>(route: K, ...[options]: CallArgs<K>): Promise<ApiAnswer<K>> {
  // The types were checked at the call; here every route's options read alike.
  const o = (options ?? {}) as { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown; form?: FormData; auth?: boolean; signal?: AbortSignal };
  const { method, url } = routeUrl(route, o.params, o.query);
  return api<ApiAnswer<K>>(url, { method: method as RequestOptions['method'], json: o.body, form: o.form, auth: o.auth, signal: o.signal });
}

/** The server's message from a failed call, or the screen's fallback text (spec 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
