import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import { findWebsiteByHost, type WebsiteWithSettings } from '../repositories/website-repository.ts';

/** The website the Host header names; an unknown host is a 404, never another site's data. */
export async function requireSite(db: Db, request: FastifyRequest): Promise<WebsiteWithSettings> {
  const site = await findWebsiteByHost(db, request.headers.host ?? '');
  if (!site) throw new ApiError('website-not-found');
  return site;
}
