/**
 * GET /api/openapi.json: the public API's OpenAPI document, generated once
 * from its declarations (openapi-document.ts). Public: it describes the
 * calls, and every call needs a key all the same.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiOperation } from './api-operation.ts';
import { COMMERCE_API_OPERATIONS } from './commerce-api-operations.ts';
import { openApiDocument } from './openapi-document.ts';

const OPENAPI_PATH = '/api/openapi.json';

/** Every operation the document describes. */
const PUBLIC_API_OPERATIONS: readonly ApiOperation[] = Object.values(COMMERCE_API_OPERATIONS);

export async function openApiRoute(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(openApiDocument(PUBLIC_API_OPERATIONS));
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document),
  );
}
