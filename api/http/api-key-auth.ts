/**
 * API keys on owner calls: `Authorization: Bearer <key>`, a key made in the
 * admin app's API keys panel or with `npm run owner -- api-key create`. The
 * spec does not say how keys are sent; a bearer header is what API clients
 * send without being told. A key is read from the header only, never from a
 * cookie, so a page on another site cannot make a browser use one, and a
 * request with a key needs no crumb. What a key may do is its scopes, checked
 * like a role's actions (owner-auth.ts).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { type ApiKeyInfo, findApiKey } from '../repositories/api-key-repository.ts';
import type { Db } from '../repositories/transaction.ts';

/** 'Bearer sbk_…' → 'sbk_…'; anything else is no key. */
export function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/** Our keys are 'sbk_' and 43 base64url characters; anything much longer is not worth hashing. */
const MAX_KEY_LENGTH = 200;

/** The website's live key the request presents; 401 otherwise. */
export async function authenticateApiKey(db: Db, websiteId: string, key: string): Promise<ApiKeyInfo> {
  const apiKey = key.length <= MAX_KEY_LENGTH ? await findApiKey(db, websiteId, key) : undefined;
  if (!apiKey) throw new ApiError('api-key-refused');
  return apiKey;
}
