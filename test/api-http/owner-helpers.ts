import type { LightMyRequestResponse } from 'fastify';
import { Member } from './site-user-helpers.ts';

export const OWNER_SESSION_PATH = '/api/owner/session';
export const OWNER_XSRF_HEADER = 'x-owner-xsrf-token';

/**
 * A contributor's browser on the admin app: keeps cookies (dropping the
 * ones the server clears), sends the crumb, and the owner XSRF token once
 * signed in.
 */
export class OwnerClient extends Member {
  ownerXsrf: string | undefined;

  override async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf: Record<string, string> = this.ownerXsrf === undefined ? {} : { [OWNER_XSRF_HEADER]: this.ownerXsrf };
    return super.request(method, url, payload, { ...xsrf, ...headers });
  }

  async ownerSignIn(email: string, password: string, rememberMe?: boolean) {
    const response = await this.request('POST', OWNER_SESSION_PATH, { email, password, rememberMe });
    if (response.statusCode === 200) this.ownerXsrf = response.json().xsrfToken;
    return response;
  }
}
