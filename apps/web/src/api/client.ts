/**
 * A small typed fetch client. Same origin (the API server also serves this app); the bearer token is
 * read from localStorage on every call; error answers are JSON {message} (API-CONTRACT "Conventions").
 */
import { TEXTS } from '@civicpulse/shared';
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

/** The server's message from a failed call, or the screen's fallback text (spec 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
