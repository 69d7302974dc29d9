/**
 * Owner calls authenticated by an API key (until the owner's own session
 * exists): `Authorization: Bearer <key>`, a key made with
 * `npm run owner -- api-key create`. The spec does not say how keys are
 * sent; a bearer header is what API clients send without being told.
 *
 * A route opts in with `config: { auth: API_KEY_AUTH }` and then takes no
 * cookie or crumb: the API scope authenticates it here instead of checking
 * the crumb (api/http/index.ts). A key is read from the header only, never
 * from a cookie, so a page on another site cannot make a browser use one.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { type ApiKeyInfo, findApiKey } from '../repositories/api-key-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { requireSite } from './site.ts';

/** What a key may do; the CLI gives new keys all of them. */
export const API_KEY_PERMISSIONS = ['restock-notifications'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export interface ApiKeyAuth {
  permission: ApiKeyPermission;
}

export interface Owner {
  site: WebsiteWithSettings;
  apiKey: ApiKeyInfo;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on owner routes: authenticated by API key instead of the crumb. */
    apiKeyAuth?: ApiKeyAuth;
  }
  interface FastifyRequest {
    /** The website and key of an owner route's request, set before its handler runs. */
    owner: Owner | null;
  }
}

/** 'Bearer sbk_…' → 'sbk_…'; anything else is no key. */
function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/** Our keys are 'sbk_' and 43 base64url characters; anything much longer is not worth hashing. */
const MAX_KEY_LENGTH = 200;

/** The website (from the Host header) and its live key the request presents; 401 or 403 otherwise. */
export async function authenticateApiKey(db: Db, request: FastifyRequest, auth: ApiKeyAuth): Promise<Owner> {
  const key = bearerKey(request);
  if (key === undefined) throw new ApiError('api-key-missing');
  const site = await requireSite(db, request);
  const apiKey = key.length <= MAX_KEY_LENGTH ? await findApiKey(db, site.website.id, key) : undefined;
  if (!apiKey) throw new ApiError('api-key-refused');
  if (!apiKey.permissions.includes(auth.permission)) throw new ApiError('api-key-forbidden');
  return { site, apiKey };
}

/** The owner of a route marked with apiKeyAuth; a route without the mark never has one. */
export function requireOwner(request: FastifyRequest): Owner {
  if (!request.owner) throw new ApiError('api-key-missing');
  return request.owner;
}
