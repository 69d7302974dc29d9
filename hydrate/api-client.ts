/**
 * fetch for the islands: sends the crumb (CSRF) cookie back in the
 * X-CSRF-Token header on writes and turns failures into the spec's
 * visitor-facing messages (section 8).
 */

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';

/** Spec section 8. */
export const CLIENT_MESSAGES = {
  rateLimited: 'Please try again in a few seconds.',
  crumbFailed: 'Your session has expired. Please reload the page and try again.',
  cookiesDisabled: 'Please enable cookies in your browser, reload the page, and try again.',
  offline: 'Please check your internet connection.',
  unknown: 'Something went wrong',
} as const;

/** A failed call, with the message a visitor should see. */
export class ClientApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ClientApiError';
    this.status = status;
    this.code = code;
  }
}

export function readCookie(name: string, cookieHeader: string = document.cookie): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/** The message for a non-2xx answer: 429 is worded by the spec, otherwise the server's own message. */
export function errorMessage(status: number, body: unknown): { message: string; code?: string } {
  if (status === 429) return { message: CLIENT_MESSAGES.rateLimited, code: 'rate-limited' };
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : CLIENT_MESSAGES.unknown;
  return { message, code: typeof error?.code === 'string' ? error.code : undefined };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

/** JSON in, JSON out; throws ClientApiError with a visitor-facing message. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    const crumb = readCookie(CRUMB_COOKIE);
    // Without any cookie the server cannot tell this visitor apart; say why before asking it.
    if (crumb === undefined && document.cookie.trim() === '' && navigator.cookieEnabled === false) {
      throw new ClientApiError(CLIENT_MESSAGES.cookiesDisabled, 403, 'cookies-disabled');
    }
    if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ClientApiError(CLIENT_MESSAGES.offline, 0, 'network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, code } = errorMessage(response.status, body);
    throw new ClientApiError(message, response.status, code);
  }
  return body as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
