/**
 * An operation of the public API, declared once: its method and path, the
 * scope a key needs (an action of shared/owner-permissions.ts), the zod
 * schemas of its input and answer and the errors it may give. The route is
 * registered from the declaration (checked like every owner route, by
 * owner-auth.ts) and /api/openapi.json is generated from the same list, so
 * the document describes exactly what answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyScope } from '../../shared/owner-permissions.ts';
import type { ApiErrorCode } from '../api-errors.ts';
import { type Owner, requireOwner } from './owner-auth.ts';
import { ownerRoute } from './owner-route.ts';
import { parseInput } from './validation.ts';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface ApiOperation<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: 'GET' | 'POST';
  /** The path as OpenAPI writes it: /api/v1/commerce/products/{productId}. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  scope: ApiKeyScope;
  params: P;
  query: Q;
  body: B;
  answer: { status: 200 | 201; description: string; schema: A };
  /** What it may refuse with beyond the key's own refusals (401, 403) and bad input (400). */
  errors: readonly ApiErrorCode[];
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationInput<O extends ApiOperation> {
  params: Parsed<O['params']>;
  query: Parsed<O['query']>;
  body: Parsed<O['body']>;
  owner: Owner;
}

export type OperationHandler<O extends ApiOperation> = (
  input: OperationInput<O>,
) => Promise<z.input<O['answer']['schema']>>;

/** '/api/v1/commerce/products/{productId}' → '/api/v1/commerce/products/:productId' */
function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z]+)\}/g, ':$1');
}

export function operationRoute<O extends ApiOperation>(
  app: FastifyInstance,
  operation: O,
  handler: OperationHandler<O>,
): void {
  const parse = (schema: z.ZodType | undefined, input: unknown) =>
    schema === undefined ? undefined : parseInput(schema, input ?? {});
  ownerRoute(app, {
    method: operation.method,
    url: fastifyPath(operation.path),
    permission: operation.scope,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const input = {
        params: parse(operation.params, request.params),
        query: parse(operation.query, request.query),
        body: parse(operation.body, request.body),
        owner: requireOwner(request),
      } as OperationInput<O>;
      const answer = await handler(input);
      reply.code(operation.answer.status);
      return answer;
    },
  });
}
