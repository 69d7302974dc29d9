/**
 * The OpenAPI 3.1 document served at /api/openapi.json, generated from the
 * public API's declarations (api-operation.ts) and their zod schemas with
 * zod's own JSON Schema output (OpenAPI 3.1 schemas are JSON Schema 2020-12):
 * the named schemas become components, each operation's parameters, body,
 * answer and refusals its path item, and the bearer key its security.
 */
import { z } from 'zod';
import { API_KEY_SCOPE_LABELS } from '../../shared/owner-permissions.ts';
import { API_ERRORS, type ApiErrorCode } from '../api-errors.ts';
import type { ApiOperation } from './api-operation.ts';
import { API_SCHEMA_DESCRIPTIONS, API_SCHEMAS, errorSchema } from './commerce-api-schemas.ts';

type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = (id: string) => `#/components/schemas/${id}`;

/** A schema as the document writes it: a reference when it is a named component, else inline. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = API_SCHEMAS.get(schema)?.id;
  if (id !== undefined) return { $ref: COMPONENT_REF(id) };
  // Inline schemas (parameters, bodies) name no component; their descriptions are in zod's global registry.
  const { $schema: _, ...inline } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return inline;
}

function components(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(API_SCHEMAS, { uri: COMPONENT_REF, target: 'draft-2020-12' }) as {
    schemas: Record<string, JsonSchema>;
  };
  // Each schema stands inside the document: its own $schema and $id would make it a document of its own.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [
      id,
      { description: API_SCHEMA_DESCRIPTIONS.get(id), ...schema },
    ]),
  );
}

function parameters(operation: ApiOperation): JsonSchema[] {
  const listed: Array<['path' | 'query', z.ZodObject<z.ZodRawShape> | undefined]> = [
    ['path', operation.params],
    ['query', operation.query],
  ];
  return listed.flatMap(([where, object]) =>
    object === undefined
      ? []
      : Object.entries(object.shape).map(([name, field]) => {
          const schema = schemaOf(field as z.ZodType, 'input');
          const { description, ...rest } = schema;
          return {
            name,
            in: where,
            required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
            ...(typeof description === 'string' ? { description } : {}),
            schema: rest,
          };
        }),
  );
}

/** An error's message, its placeholders shown by name ('{available} in stock'). */
function messageOf(code: ApiErrorCode): string {
  const message: string | ((params: Record<string, string>) => string) = API_ERRORS[code].message;
  if (typeof message === 'string') return message;
  return message(new Proxy({}, { get: (_target, name) => `{${String(name)}}` }));
}

/** The refusals of an operation by status, each naming its codes. */
function refusals(operation: ApiOperation): Record<string, JsonSchema> {
  const codes: ApiErrorCode[] = ['invalid-body', ...operation.errors, 'api-key-refused', 'api-key-forbidden'];
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes)
    byStatus.set(API_ERRORS[code].status, [...(byStatus.get(API_ERRORS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\`: ${messageOf(code)}`).join('; '),
        content: { 'application/json': { schema: schemaOf(errorSchema, 'output') } },
      },
    ]),
  );
}

function operationObject(operation: ApiOperation): JsonSchema {
  const scope = `Needs an API key with the \`${operation.scope}\` scope (${API_KEY_SCOPE_LABELS[operation.scope]}).`;
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: `${operation.description}\n\n${scope}`,
    security: [{ apiKey: [] }],
    'x-scope': operation.scope,
    parameters: parameters(operation),
    ...(operation.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(operation.body, 'input') } },
          },
        }),
    responses: {
      [String(operation.answer.status)]: {
        description: operation.answer.description,
        content: { 'application/json': { schema: schemaOf(operation.answer.schema, 'output') } },
      },
      ...refusals(operation),
    },
  };
}

export function openApiDocument(operations: readonly ApiOperation[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sitebuilder commerce API',
      version: '1.0.0',
      description:
        "A website's products, stock and orders, for the site's own tools. Every call needs an API key, made by an administrator in the admin app's API keys panel (/config/api-keys) with the scopes it may use, sent as `Authorization: Bearer <key>`. A wrong or deleted key gets 401, a key without the call's scope 403. Amounts are minor units in strings, never floats.",
    },
    servers: [{ url: '/', description: 'The website the key belongs to (the Host names it).' }],
    security: [{ apiKey: [] }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key of the website: sbk_ and 43 more characters, shown once when it is made.',
        },
      },
      schemas: components(),
    },
  };
}
