/**
 * /api/openapi.json: a well-formed OpenAPI 3 document (the structure the
 * specification asks for: info, paths and their operations, parameters for
 * each path template, a success answer per operation, every $ref found, the
 * bearer scheme), whose schemas compile as JSON Schema 2020-12; and every
 * documented operation answers, with a key, the documented status and a
 * body its documented schema accepts, and without one the documented 401.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import t from 'tap';
import { CART_COOKIE } from '../../api/cookie-names.ts';
import { COMMERCE_API_OPERATIONS } from '../../api/http/commerce-api-operations.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, read field by field.
type Json = any;

const { app, handle } = await openDemoApp(t);
const served = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: HOST } });
const doc: Json = served.json();
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const operations = (): Array<{ path: string; method: string; operation: Json }> =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

t.test('the document is served as JSON', async (t) => {
  t.equal(served.statusCode, 200);
  t.match(served.headers['content-type'], /^application\/json/);
});

t.test('its structure is OpenAPI 3', async (t) => {
  t.match(doc.openapi, /^3\.\d+\.\d+$/, 'openapi names a 3.x version');
  t.type(doc.info?.title, 'string');
  t.type(doc.info?.version, 'string');
  t.type(doc.paths, 'object');
  t.same(doc.components.securitySchemes.apiKey, {
    type: 'http',
    scheme: 'bearer',
    description: doc.components.securitySchemes.apiKey.description,
  });
  const ids = new Set<string>();
  for (const { path, method, operation } of operations()) {
    const label = `${method.toUpperCase()} ${path}`;
    t.match(path, /^\//, `${label}: the path starts with /`);
    t.notOk(ids.has(operation.operationId), `${label}: operationId is unique`);
    ids.add(operation.operationId);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const inPath = (operation.parameters ?? []).filter((p: Json) => p.in === 'path');
    t.same(inPath.map((p: Json) => p.name).sort(), templated.sort(), `${label}: each template part is a parameter`);
    for (const parameter of operation.parameters ?? []) {
      t.ok(['path', 'query', 'header', 'cookie'].includes(parameter.in), `${label} ${parameter.name}: in`);
      t.type(parameter.schema, 'object', `${label} ${parameter.name}: schema`);
      if (parameter.in === 'path') t.equal(parameter.required, true, `${label} ${parameter.name}: required`);
    }
    const statuses = Object.keys(operation.responses);
    t.ok(
      statuses.some((status) => /^2\d\d$/.test(status)),
      `${label}: a success answer`,
    );
    for (const status of statuses) {
      t.match(status, /^[1-5]\d\d$|^default$/, `${label}: ${status} is a status`);
      t.type(operation.responses[status].description, 'string', `${label} ${status}: described`);
    }
    for (const requirement of operation.security ?? doc.security) {
      for (const scheme of Object.keys(requirement)) {
        t.ok(doc.components.securitySchemes[scheme], `${label}: security scheme ${scheme} exists`);
      }
    }
    t.ok(operation.responses['401'] && operation.responses['403'], `${label}: documents 401 and 403`);
  }
  // Every reference leads somewhere in the document.
  const refs: string[] = [];
  const collect = (value: Json) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      if (typeof value.$ref === 'string') refs.push(value.$ref);
      Object.values(value).forEach(collect);
    }
  };
  collect(doc);
  t.ok(refs.length > 10);
  for (const ref of new Set(refs)) {
    t.match(ref, /^#\//, `${ref} is local`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce((node: Json, part) => node?.[part], doc);
    t.ok(target, `${ref} resolves`);
  }
});

const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema({ $id: 'openapi.json', components: doc.components });
/** A schema of the document, its references read from the document. */
const compile = (schema: Json) =>
  typeof schema.$ref === 'string' ? ajv.getSchema(`openapi.json${schema.$ref}`)! : ajv.compile(schema);

t.test('its schemas compile as JSON Schema 2020-12', async (t) => {
  for (const name of Object.keys(doc.components.schemas)) {
    t.doesNotThrow(() => ajv.getSchema(`openapi.json#/components/schemas/${name}`), name);
  }
  for (const { path, method, operation } of operations()) {
    const body = operation.requestBody?.content['application/json'].schema;
    if (body) t.doesNotThrow(() => compile(body), `${method} ${path} body`);
  }
});

t.test('every documented operation answers as documented', async (t) => {
  const owner = new OwnerClient(app);
  await owner.ownerSignIn(DEMO_OWNERS.admin.email, DEMO_OWNERS.admin.password);
  const scopes = [...new Set(Object.values(COMMERCE_API_OPERATIONS).map((operation) => operation.scope))];
  const created = await owner.request('POST', '/api/owner/api-keys', { name: 'OpenAPI check', scopes });
  const key: string = created.json().key;

  const shopper = new Visitor(app);
  await shopper.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-OAT', quantity: 1 });
  const placed = await placeOrder(handle.db, DEMO_WEBSITE_ID, shopper.cookies.get(CART_COOKIE)!, {
    customerEmail: 'openapi@example.com',
    testMode: true,
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  const examples: Record<string, string> = {
    productId: productId('stoneware-mug'),
    variantId: demoId('variant', 'fw-mug-oat'),
    orderId: placed.order.id,
  };
  const bodies: Record<string, unknown> = { adjustInventory: { quantity: 2, reason: 'OpenAPI check' } };

  const documented = operations();
  t.equal(documented.length, Object.keys(COMMERCE_API_OPERATIONS).length, 'every declared operation is documented');
  for (const { path, method, operation } of documented) {
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(examples[name] ?? 'missing'));
    const body = bodies[operation.operationId];
    const request = (authorization?: string) =>
      app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: {
          host: HOST,
          ...(authorization ? { authorization } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    const label = `${method.toUpperCase()} ${path}`;
    const answered = await request(`Bearer ${key}`);
    const success = Object.keys(operation.responses).find((status) => /^2/.test(status))!;
    t.equal(String(answered.statusCode), success, `${label}: ${answered.body.slice(0, 160)}`);
    const validate = compile(operation.responses[success].content['application/json'].schema);
    t.ok(validate(answered.json()), `${label}: the answer matches its schema ${JSON.stringify(validate.errors)}`);

    const refused = await request();
    t.equal(refused.statusCode, 401, `${label}: 401 without a key`);
    const errorSchema = compile(operation.responses['401'].content['application/json'].schema);
    t.ok(errorSchema(refused.json()), `${label}: the refusal matches the Error schema`);
  }
});
