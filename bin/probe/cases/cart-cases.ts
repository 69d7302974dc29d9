/**
 * The cart and stock calls (api/http/cart-routes.ts, inventory-routes.ts):
 * each field of each body replaced by each bad value, bodies that are not
 * JSON, entry ids in the path that are not ids, queries that are not what
 * the schema reads, and additionalFields (JSON inside a JSON string).
 */
import type { SiteFacts } from '../discover-site.ts';
import {
  deepJson,
  HOSTILE_STRINGS,
  type Hostile,
  MALFORMED_JSON,
  NUMBERS,
  percentEncode,
  RAW_NUMBER_LITERALS,
  SCRIPT_IMG,
  SCRIPT_TAG,
  URL_VALUES,
  WRONG_TYPES,
} from '../hostile-values.ts';
import type { InputClass, ProbeCase } from '../probe-case.ts';
import { jsonText, probeCase, read, write } from './request-helpers.ts';
import { API_PATHS, budgetsFor, ROUTES } from './routes.ts';

/** additionalFields values: JSON text the server parses and stores. */
export const ADDITIONAL_FIELDS: Hostile<string>[] = [
  { value: '{}', inputClass: 'baseline' },
  { value: '{"Engraving":"For Sam"}', inputClass: 'baseline' },
  { value: deepJson(10_000, 'object'), inputClass: 'deep-json' },
  { value: `{"a":${deepJson(10_000, 'array')}}`, inputClass: 'deep-json' },
  { value: `{"a":${deepJson(49_000, 'array')}}`, inputClass: 'deep-json' },
  { value: deepJson(10_000, 'array'), inputClass: 'deep-json' },
  { value: '{"a":"\\u0000"}', inputClass: 'nul-surrogate' },
  { value: '{"\\u0000":1}', inputClass: 'nul-surrogate' },
  { value: '{"a":"\\ud800"}', inputClass: 'nul-surrogate' },
  { value: '{"a":"x\\udfffy"}', inputClass: 'nul-surrogate' },
  { value: '{"a":"\u0000"}', inputClass: 'nul-surrogate' },
  { value: `{"a":${JSON.stringify(SCRIPT_TAG)}}`, inputClass: 'script' },
  { value: `{${JSON.stringify(SCRIPT_IMG)}:${JSON.stringify(SCRIPT_IMG)}}`, inputClass: 'script' },
  { value: `{"a":"' or 1=1 --"}`, inputClass: 'sql' },
  { value: '{"a":1e308,"b":-1e308,"c":123456789012345678901234567890}', inputClass: 'number-limits' },
  { value: '{"a":1e309}', inputClass: 'number-limits' },
  { value: '{"__proto__":{"polluted":true}}', inputClass: 'wrong-type' },
  { value: '[]', inputClass: 'wrong-type' },
  { value: '1', inputClass: 'wrong-type' },
  { value: '"text"', inputClass: 'wrong-type' },
  { value: 'null', inputClass: 'wrong-type' },
  { value: 'true', inputClass: 'wrong-type' },
  { value: '{', inputClass: 'malformed-json' },
  { value: "{'a':1}", inputClass: 'malformed-json' },
  { value: `{"a":"${'x'.repeat(99_000)}"}`, inputClass: 'huge-body' },
  { value: 'A'.repeat(100_001), inputClass: 'huge-body' },
  { value: `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, inputClass: 'huge-body' },
  { value: `{"${'k'.repeat(50_000)}":1}`, inputClass: 'huge-body' },
];

/** Every bad value for one JSON field, with its class. */
function fieldValues(numeric: boolean): Hostile<unknown>[] {
  return [...HOSTILE_STRINGS, ...WRONG_TYPES, ...(numeric ? NUMBERS : [])];
}

/** A body with one field replaced; undefined removes it. */
function withField(base: Record<string, unknown>, field: string, value: unknown): string {
  const body = { ...base };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return jsonText(body);
}

/** A JSON body whose one field is written as a raw literal (numbers JavaScript cannot hold). */
function withRawField(base: Record<string, unknown>, field: string, literal: string): string {
  const body = { ...base, [field]: '__RAW__' };
  return jsonText(body).replace('"__RAW__"', literal);
}

/** Cases for a POST whose body names a product: the add-to-cart and subscription calls. */
function productBodyCases(
  site: SiteFacts,
  product: { itemId: string; sku: string },
  route: string,
  path: string,
  quantityField: string,
): ProbeCase[] {
  const base = { itemId: product.itemId, sku: product.sku, [quantityField]: 1 };
  const cases: ProbeCase[] = [];
  const post = (inputClass: InputClass, body: string | Buffer, thenGet?: string[]) =>
    cases.push(
      probeCase(route, inputClass, async (ctx) => {
        const visitor = await ctx.visitors.forWrite(...budgetsFor('POST', path));
        return { request: write(ctx.host, visitor, 'POST', path, body), visitor, thenGet };
      }),
    );
  // Every product and variant the site has, as the add-to-cart button sends them.
  for (const item of site.items) {
    post('baseline', jsonText({ itemId: item.id, [quantityField]: 1 }));
    for (const variant of item.variants)
      post('baseline', jsonText({ itemId: item.id, sku: variant.sku, [quantityField]: 1 }));
  }
  for (const field of ['itemId', 'sku', quantityField, 'additionalFields']) {
    post('wrong-type', withField(base, field, undefined));
    for (const { value, inputClass } of fieldValues(field === quantityField)) {
      post(inputClass, withField(base, field, value), inputClass === 'script' ? ['/cart'] : undefined);
    }
  }
  for (const literal of RAW_NUMBER_LITERALS) post('number-limits', withRawField(base, quantityField, literal));
  for (const { value, inputClass } of ADDITIONAL_FIELDS) {
    post(inputClass, withField(base, 'additionalFields', value), inputClass === 'script' ? ['/cart'] : undefined);
  }
  // Another product's id with this sku, and the sku of a variant with no stock.
  const other = site.items.find((i) => i.id !== product.itemId);
  if (other) post('wrong-type', jsonText({ ...base, itemId: other.id }));
  for (const { value, inputClass } of MALFORMED_JSON) post(inputClass, value);
  for (const depth of [10_000, 100_000]) {
    post('deep-json', deepJson(depth, 'array'));
    post('deep-json', `{"itemId":${deepJson(depth, 'array')}}`);
    post('deep-json', withRawField(base, quantityField, deepJson(depth, 'array')));
  }
  post('deep-json', withRawField(base, 'sku', deepJson(10_000, 'object')));
  post('huge-body', withField(base, 'additionalFields', 'x'.repeat(2 * 1024 * 1024)));
  post('huge-body', ' '.repeat(300 * 1024) + jsonText(base));
  post('huge-body', withField(base, 'padding', 'x'.repeat(250 * 1024)));
  post('malformed-json', '');
  return cases;
}

function entryIdCases(route: string, method: string, pathOf: (id: string) => string, body: string): ProbeCase[] {
  return URL_VALUES.map(({ value, inputClass }) =>
    probeCase(route, inputClass, async (ctx) => {
      const visitor = await ctx.visitors.forWrite('api-write');
      return { request: write(ctx.host, visitor, method, pathOf(value), body), visitor };
    }),
  );
}

/** A write to the visitor's own first cart entry (its id comes from the server's cart answers). */
function ownEntryCase(
  route: string,
  inputClass: InputClass,
  method: string,
  pathOf: (id: string) => string,
  body: string | Buffer | undefined,
  thenGet?: string[],
): ProbeCase {
  return probeCase(route, inputClass, async (ctx) => {
    const visitor = await ctx.visitors.forWrite('api-write');
    const id = visitor.entryIds[0] ?? '000000000000000000000000';
    return { request: write(ctx.host, visitor, method, pathOf(id), body), visitor, thenGet };
  });
}

export function cartCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  cases.push(...productBodyCases(site, site.cartSeed, ROUTES.addEntry, API_PATHS.entries, 'quantity'));
  // Bad values reach the subscription's own checks only on a product that can be subscribed to.
  const subscribable = site.subscriptions[0] ?? site.cartSeed;
  cases.push(...productBodyCases(site, subscribable, ROUTES.subscription, API_PATHS.subscription, 'qty'));

  // PUT …/entries/:entryId: the quantity.
  const quantity = (inputClass: InputClass, body: string | Buffer) =>
    ownEntryCase(ROUTES.entryQuantity, inputClass, 'PUT', API_PATHS.entry, body);
  cases.push(quantity('baseline', jsonText({ quantity: 2 })));
  for (const { value, inputClass } of fieldValues(true))
    cases.push(quantity(inputClass, jsonText({ quantity: value })));
  for (const literal of RAW_NUMBER_LITERALS) cases.push(quantity('number-limits', `{"quantity":${literal}}`));
  for (const { value, inputClass } of MALFORMED_JSON) cases.push(quantity(inputClass, value));
  cases.push(quantity('deep-json', `{"quantity":${deepJson(10_000, 'array')}}`));
  cases.push(quantity('deep-json', `{"quantity":${deepJson(10_000, 'object')}}`));
  cases.push(quantity('huge-body', jsonText({ quantity: 1, padding: 'x'.repeat(2 * 1024 * 1024) })));
  cases.push(quantity('wrong-type', '{}'));
  cases.push(...entryIdCases(ROUTES.entryQuantity, 'PUT', API_PATHS.entry, jsonText({ quantity: 1 })));

  // PUT …/entries/:entryId/additionalFields.
  const fields = (inputClass: InputClass, body: string | Buffer, thenGet?: string[]) =>
    ownEntryCase(ROUTES.entryFields, inputClass, 'PUT', API_PATHS.entryFields, body, thenGet);
  for (const { value, inputClass } of ADDITIONAL_FIELDS) {
    cases.push(
      fields(inputClass, jsonText({ additionalFields: value }), inputClass === 'script' ? ['/cart'] : undefined),
    );
  }
  for (const { value, inputClass } of fieldValues(false)) {
    cases.push(fields(inputClass, jsonText({ additionalFields: value })));
    cases.push(fields(inputClass, jsonText({ itemId: value, additionalFields: '{}' })));
    cases.push(fields(inputClass, jsonText({ sku: value, additionalFields: '{}' })));
  }
  for (const { value, inputClass } of MALFORMED_JSON) cases.push(fields(inputClass, value));
  cases.push(fields('huge-body', jsonText({ additionalFields: 'x'.repeat(2 * 1024 * 1024) })));
  cases.push(...entryIdCases(ROUTES.entryFields, 'PUT', API_PATHS.entryFields, jsonText({ additionalFields: '{}' })));

  // DELETE …/entries/:entryId: ids that are not ids, bodies a DELETE should not have.
  cases.push(...entryIdCases(ROUTES.removeEntry, 'DELETE', API_PATHS.entry, ''));
  const remove = (inputClass: InputClass, body: string | Buffer | undefined) =>
    ownEntryCase(ROUTES.removeEntry, inputClass, 'DELETE', (id) => `${API_PATHS.entry(id)}?id=${id}`, body);
  for (const { value, inputClass } of MALFORMED_JSON.slice(0, 8)) cases.push(remove(inputClass, value));
  cases.push(remove('huge-body', 'x'.repeat(2 * 1024 * 1024)));
  // Removing a real entry, with visitors of their own as it empties their cart; then the cart as it is left.
  for (let i = 0; i < 3; i++) {
    cases.push(
      probeCase(ROUTES.removeEntry, 'baseline', async (ctx) => {
        const visitor = await ctx.visitors.own();
        const id = visitor.entryIds[0] ?? '000000000000000000000000';
        const first = write(ctx.host, visitor, 'DELETE', API_PATHS.entry(id), undefined);
        return { request: first, visitor, thenGet: ['/cart', '/api/commerce/shopping-cart'] };
      }),
    );
  }

  // GET the cart, with the query the islands send and queries they never send.
  for (const name of ['calculateSubtotal', 'mock', 'timecode']) {
    for (const { value, inputClass } of URL_VALUES) {
      cases.push(
        probeCase(ROUTES.cart, inputClass, async (ctx) => ({
          request: read(ctx.host, `${API_PATHS.cart}?${name}=${value}`, await ctx.visitors.forRead()),
        })),
      );
    }
  }
  const cartQueries: [InputClass, string][] = [
    ['baseline', ''],
    ['baseline', '?calculateSubtotal=true&mock=false&timecode=1700000000'],
    ['wrong-type', '?mock=a&mock=b'],
    ['wrong-type', '?mock[]=a'],
    ['wrong-type', '?mock[a]=b'],
    ['wrong-type', '?__proto__[x]=1'],
    ['wrong-type', '?&&&=&='],
  ];
  for (const [inputClass, query] of cartQueries) {
    cases.push(probeCase(ROUTES.cart, inputClass, (ctx) => ({ request: read(ctx.host, `${API_PATHS.cart}${query}`) })));
    cases.push(
      probeCase(ROUTES.cart, inputClass, async (ctx) => {
        const visitor = await ctx.visitors.forRead();
        return { request: read(ctx.host, `${API_PATHS.cart}${query}`, visitor), visitor };
      }),
    );
  }

  // GET the stock of an item, with and without the trailing slash the spec's {api root} gives.
  for (const slash of ['', '/']) {
    const stock = (inputClass: InputClass, query: string) =>
      probeCase(ROUTES.stock, inputClass, (ctx) => ({ request: read(ctx.host, `${API_PATHS.stock}${slash}${query}`) }));
    for (const item of site.items) cases.push(stock('baseline', `?itemId=${item.id}`));
    for (const { value, inputClass } of URL_VALUES) cases.push(stock(inputClass, `?itemId=${value}`));
    for (const { value, inputClass } of HOSTILE_STRINGS)
      cases.push(stock(inputClass, `?itemId=${percentEncode(value)}`));
    cases.push(stock('wrong-type', ''));
    cases.push(stock('wrong-type', `?itemId=${site.cartSeed.itemId}&itemId=${site.cartSeed.itemId}`));
    cases.push(stock('wrong-type', `?itemId[]=${site.cartSeed.itemId}`));
    cases.push(stock('wrong-type', `?itemId=${site.cartSeed.itemId.toUpperCase()}`));
    cases.push(stock('wrong-type', '?itemId=000000000000000000000000'));
  }
  return cases;
}
