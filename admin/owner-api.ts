/**
 * fetch for the admin app: the crumb on writes (as the islands send it,
 * hydrate/api-client.ts) and the owner session's XSRF token, kept in memory
 * only (it comes from the sign-in answer, or GET /api/owner/session after a
 * reload), never in a cookie or storage a script on the site could read.
 */
import { CLIENT_MESSAGES, ClientApiError, errorMessage, writeHeaders } from '../hydrate/api-client.ts';
import { UPLOAD_MESSAGES } from '../shared/upload-rules.ts';

export { ClientApiError };

export const OWNER_XSRF_HEADER = 'X-Owner-XSRF-Token';

let ownerXsrf: string | undefined;

export function setOwnerXsrf(token: string | undefined): void {
  ownerXsrf = token;
}

export async function ownerRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    // The crumb; a site-user token the islands would add means nothing to owner routes.
    Object.assign(headers, writeHeaders());
    if (ownerXsrf !== undefined) headers[OWNER_XSRF_HEADER] = ownerXsrf;
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
    throw new ClientApiError(message, response.status, code, fields);
  }
  return body as T;
}

/**
 * Sends one file as multipart form data (the upload routes). A connection
 * that drops mid-way is the spec's 'File upload failed to complete'; an
 * answer that is not the API's JSON, 'There was a problem while uploading
 * your file.'
 */
export async function ownerUpload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json', ...writeHeaders() };
  if (ownerXsrf !== undefined) headers[OWNER_XSRF_HEADER] = ownerXsrf;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, credentials: 'same-origin', body: form });
  } catch {
    throw new ClientApiError(UPLOAD_MESSAGES.incomplete, 0, 'network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (body === undefined) throw new ClientApiError(UPLOAD_MESSAGES.failed, response.status);
    const { message, code, fields } = errorMessage(response.status, body);
    throw new ClientApiError(message, response.status, code, fields);
  }
  return body as T;
}
