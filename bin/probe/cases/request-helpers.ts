/** Building requests the way the site's own pages and islands send them, then spoiling one part. */
import type { HttpRequest, InputClass, ProbeCase } from '../probe-case.ts';
import type { Visitor } from '../visitors.ts';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface WriteOptions {
  contentType?: string | null;
  /** The X-CSRF-Token header: the visitor's own crumb (default), none (null), or a forged value. */
  crumbHeader?: string | string[] | null;
  /** The Cookie header in place of the visitor's jar. */
  cookie?: string | null;
  headers?: Record<string, string | string[]>;
}

/** A write as the islands send it: the visitor's cookies, its crumb echoed, a JSON body. */
export function write(
  host: string,
  visitor: Visitor | undefined,
  method: string,
  path: string,
  body: string | Buffer | undefined,
  options: WriteOptions = {},
): HttpRequest {
  const headers: Record<string, string | string[]> = { host, ...options.headers };
  const contentType = options.contentType === undefined ? JSON_TYPE : options.contentType;
  if (contentType !== null && body !== undefined) headers['content-type'] = contentType;
  const cookie = options.cookie === undefined ? visitor?.cookieHeader() : options.cookie;
  if (cookie) headers.cookie = cookie;
  const crumb = options.crumbHeader === undefined ? visitor?.crumb : options.crumbHeader;
  if (crumb !== null && crumb !== undefined) headers['x-csrf-token'] = crumb;
  return { kind: 'http', method, path, headers, body };
}

/** A read: the visitor's cookies when there is one, nothing else. */
export function read(host: string, path: string, visitor?: Visitor, method = 'GET'): HttpRequest {
  const headers: Record<string, string> = { host };
  const cookie = visitor?.cookieHeader();
  if (cookie) headers.cookie = cookie;
  return { kind: 'http', method, path, headers };
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** A form-encoded body; values are encoded as a browser would (lone surrogates as their bytes). */
export function formText(fields: Record<string, string | string[]>, encode: (s: string) => string): string {
  return Object.entries(fields)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encode(name)}=${encode(v)}`))
    .join('&');
}

/** A case with its route, class and builder in one call, to keep the tables short. */
export function probeCase(route: string, inputClass: InputClass, build: ProbeCase['build']): ProbeCase {
  return { route, inputClass, build };
}
