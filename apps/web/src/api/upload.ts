/**
 * Multipart uploads with a real byte-progress callback. fetch() cannot report upload progress, so this
 * one call goes through XMLHttpRequest; it sends the stored token and fails with the same ApiError as the
 * api client, so screens handle both alike.
 */
import type { ApiAnswer, ApiParams, ApiRouteKey } from '@civicpulse/shared';
import { ApiError, messageOf, networkError, notifyUnauthorized, parseBody, routeUrl } from './client';
import { currentLanguage } from '../i18n';
import { readStoredToken } from '../session/token';

/**
 * A fresh Idempotency-Key for one report (issue 17): a random UUID, within the server's rule (1-100 of
 * A-Z a-z 0-9 _ -). crypto.randomUUID needs a secure context; a plain-http address (a LAN test box)
 * gets the same 122 random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, rounded down. */
  percent: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Extra request headers (createPost's Idempotency-Key). */
  headers?: Record<string, string>;
}


/**
 * Sends `form` to `path`. A 401 on a call that carried the token ends the session exactly as the api client
 * does (notifyUnauthorized), then rejects with an ApiError of status 401 like any other failure.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !options.onProgress) return;
      options.onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      if (xhr.status === 401 && token) notifyUnauthorized();
      const serverMessage = messageOf(body);
      reject(new ApiError(xhr.status, serverMessage ?? `${xhr.status} ${xhr.statusText}`.trim(), serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, networkError(), networkError()));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** A multipart route of the shared contract, with byte progress: the method and path from its key, typed answer. */
export function upload<K extends ApiRouteKey>(
  route: K,
  form: FormData,
  options: Omit<UploadOptions, 'method'> & { params?: ApiParams<K> } = {},
): Promise<ApiAnswer<K>> {
  const { params, ...rest } = options;
  const { method, url } = routeUrl(route, params as Record<string, unknown> | undefined);
  return uploadForm<ApiAnswer<K>>(url, form, { ...rest, method: method as UploadOptions['method'] });
}
