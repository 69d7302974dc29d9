import type { LightMyRequestResponse } from 'fastify';
import { listOutbox } from '../../api/mail/index.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { Visitor } from './api-helpers.ts';

export const ACCOUNT_PATH = '/api/site-users/account';
export const SESSION_PATH = '/api/site-users/account/session';
export const XSRF_HEADER = 'x-siteuser-xsrf-token';

let accounts = 0;
/** An address no other test has used, so accounts never collide across tests sharing the database. */
export function newEmail(name = 'member'): string {
  return `${name}.${process.pid}.${++accounts}@example.test`;
}

interface SetCookie {
  name: string;
  value: string;
  expires?: Date;
  maxAge?: number;
}

/**
 * A visitor who can sign in: drops the cookies the server clears, as a
 * browser does, and sends the session's XSRF token on writes once it has one.
 */
export class Member extends Visitor {
  xsrfToken: string | undefined;

  override async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf: Record<string, string> = this.xsrfToken === undefined ? {} : { [XSRF_HEADER]: this.xsrfToken };
    const response = await super.request(method, url, payload, { ...xsrf, ...headers });
    for (const cookie of response.cookies as SetCookie[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
    }
    return response;
  }

  async signUp(body: { email: string; password: string; name?: string; rememberMe?: boolean }) {
    const response = await this.request('POST', ACCOUNT_PATH, { name: 'Pat Member', ...body });
    if (response.statusCode === 201) this.xsrfToken = response.json().xsrfToken;
    return response;
  }

  async signIn(email: string, password: string, rememberMe?: boolean) {
    const response = await this.request('POST', SESSION_PATH, { email, password, rememberMe });
    if (response.statusCode === 200) this.xsrfToken = response.json().xsrfToken;
    return response;
  }

  async signOut(query = '') {
    const response = await this.request('DELETE', `${SESSION_PATH}${query}`);
    if (response.statusCode === 200) this.xsrfToken = undefined;
    return response;
  }
}

/** A cookie as the last response set it, with its attributes. */
export function setCookie(response: LightMyRequestResponse, name: string) {
  return (
    response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
      httpOnly?: boolean;
      secure?: boolean;
      sameSite?: string;
      path?: string;
    }>
  ).find((cookie) => cookie.name === name);
}

/** The newest mail of a kind to an address, and the token of the link in it. */
export async function lastLink(db: Db, kind: string, to: string): Promise<{ link: string; token: string } | undefined> {
  const mail = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 1000 })).find(
    (entry) => entry.kind === kind && entry.to === to,
  );
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) return undefined;
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}
