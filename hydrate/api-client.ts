/**
 * fetch for the islands: sends the crumb (CSRF) cookie back in the
 * X-CSRF-Token header on writes, and a signed-in site user's XSRF token in
 * X-SiteUser-XSRF-Token (site-user-token.ts), and turns failures into the
 * spec's visitor-facing messages (section 8).
 */
import { readCookie } from './read-cookie.ts';
import { SITE_USER_XSRF_HEADER, siteUserToken } from './site-user-token.ts';

export { readCookie };

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
  /** A 400's message for each field it names, when it names any. */
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, code?: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ClientApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The headers every write sends: the crumb, and the signed-in user's XSRF token when there is one. */
export function writeHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const crumb = readCookie(CRUMB_COOKIE);
  if (crumb !== undefined) headers[CRUMB_HEADER] = crumb;
  const token = siteUserToken();
  if (token !== undefined) headers[SITE_USER_XSRF_HEADER] = token;
  return headers;
}

/** The message for a non-2xx answer: 429 is worded by the spec, otherwise the server's own message. */
export function errorMessage(
  status: number,
  body: unknown,
): { message: string; code?: string; fields?: Record<string, string> } {
  if (status === 429) return { message: CLIENT_MESSAGES.rateLimited, code: 'rate-limited' };
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : CLIENT_MESSAGES.unknown;
  const fields = isRecord(error?.fields)
    ? Object.fromEntries(
        Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : undefined;
  return { message, code: typeof error?.code === 'string' ? error.code : undefined, fields };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * Asks once more when the answer says crumbFail: the server then sets a
   * fresh crumb cookie to retry with (spec section 4, sign-out).
   */
  retryOnCrumbFail?: boolean;
}

/** JSON in, JSON out; throws ClientApiError with a visitor-facing message. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendOnce<T>(path, options);
  } catch (error) {
    if (!options.retryOnCrumbFail || !(error instanceof CrumbFailure)) throw error;
    // Once only: a second crumbFail means the crumb cannot be had (cookies refused), and the visitor is told so.
    return sendOnce<T>(path, options);
  }
}

/** A failure whose answer said crumbFail: retried by the calls that ask for it. */
class CrumbFailure extends ClientApiError {}

async function sendOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    // Without any cookie the server cannot tell this visitor apart; say why before asking it.
    if (readCookie(CRUMB_COOKIE) === undefined && document.cookie.trim() === '' && navigator.cookieEnabled === false) {
      throw new ClientApiError(CLIENT_MESSAGES.cookiesDisabled, 403, 'cookies-disabled');
    }
    Object.assign(headers, writeHeaders());
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
    const { message, code, fields } = errorMessage(response.status, body);
    if (isRecord(body) && body.crumbFail === true) throw new CrumbFailure(message, response.status, code);
    throw new ClientApiError(message, response.status, code, fields);
  }
  return body as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
