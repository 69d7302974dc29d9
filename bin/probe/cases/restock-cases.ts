/**
 * The restock calls (api/http/restock-routes.ts): a visitor's sign-up for a
 * sold-out variant with each field spoiled (sign-ups count against the
 * per-address restock-signup limit, so each case's visitor has a budget
 * under it, except the run from one address whose point is the limit), and
 * the owner's lists and sends with API keys that are missing, forged or
 * malformed. The probe has no real key, so those answer 401/403 at most;
 * the point is that no key, cursor or body makes them fail otherwise.
 */
import type { SiteFacts } from '../discover-site.ts';
import {
  deepJson,
  HOSTILE_STRINGS,
  type Hostile,
  MALFORMED_JSON,
  NUMBERS,
  URL_VALUES,
  WRONG_TYPES,
} from '../hostile-values.ts';
import type { InputClass, ProbeCase } from '../probe-case.ts';
import type { Visitor } from '../visitors.ts';
import { jsonText, probeCase, read, write } from './request-helpers.ts';
import { API_PATHS, ROUTES } from './routes.ts';

/** Authorization headers an owner call might come with; none is a real key. */
const AUTHORIZATIONS: [InputClass, string | undefined][] = [
  ['api-key', undefined],
  ['api-key', ''],
  ['api-key', 'Bearer'],
  ['api-key', 'Bearer '],
  ['api-key', 'Bearer sbk_forged'],
  ['api-key', `Bearer sbk_${'0'.repeat(64)}`],
  ['api-key', 'bearer sbk_forged'],
  ['api-key', 'Bearer sbk_a sbk_b'],
  ['api-key', 'Basic dXNlcjpwYXNz'],
  ['api-key', 'sbk_forged'],
  ['number-limits', `Bearer sbk_${'A'.repeat(10_000)}`],
  ['sql', "Bearer ' or 1=1 --"],
  ['script', 'Bearer <script>alert(1)</script>'],
  ['nul-surrogate', 'Bearer sbk_\xff\xfe'],
];

export function restockCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const variants = site.items.flatMap((i) => i.variants.map((v) => ({ item: i, variant: v })));
  const soldOut =
    variants.find((x) => x.variant.id && !x.variant.unlimited && x.variant.qtyInStock <= 0) ??
    variants.find((x) => x.variant.id);
  const inStock = variants.find((x) => x.variant.id && (x.variant.unlimited || x.variant.qtyInStock > 0));
  const productId = soldOut?.item.id ?? '000000000000000000000000';
  const variantId = soldOut?.variant.id ?? '000000000000000000000000';
  const base: Record<string, unknown> = {
    productId,
    variantId,
    siteVisitorEmail: 'probe.restock@example.com',
    isJoinMailingList: false,
    language: 'en-US',
  };

  // Sign-ups, as the product page's form sends them.
  const signUp = (inputClass: InputClass, body: string | Buffer) =>
    cases.push(
      probeCase(ROUTES.restockSignUp, inputClass, async (ctx) => {
        const visitor = await ctx.visitors.forWrite('api-write', 'restock-signup');
        return { request: write(ctx.host, visitor, 'POST', API_PATHS.restock, body), visitor };
      }),
    );
  const withField = (field: string, value: unknown) => {
    const body = { ...base };
    if (value === undefined) delete body[field];
    else body[field] = value;
    return jsonText(body);
  };
  signUp('baseline', jsonText(base));
  signUp('baseline', jsonText({ ...base, isJoinMailingList: true, language: undefined }));
  if (inStock) {
    signUp('baseline', jsonText({ ...base, productId: inStock.item.id, variantId: inStock.variant.id }));
    // One product's id with another's variant.
    signUp('wrong-type', jsonText({ ...base, variantId: inStock.variant.id }));
  }
  const emails: Hostile<string>[] = [
    { value: '', inputClass: 'wrong-type' },
    { value: 'not an email', inputClass: 'wrong-type' },
    { value: 'a@b', inputClass: 'wrong-type' },
    { value: 'x<script>alert(1)</script>@example.com', inputClass: 'script' },
    { value: "x'or'1'='1@example.com", inputClass: 'sql' },
    { value: 'a\u0000b@example.com', inputClass: 'nul-surrogate' },
    { value: 'a\ud800@example.com', inputClass: 'nul-surrogate' },
    { value: 'a@example.com\r\nBcc: x@example.com', inputClass: 'nul-surrogate' },
    { value: `${'a'.repeat(250)}@example.com`, inputClass: 'number-limits' },
    { value: `${'a'.repeat(9_990)}@e.co`, inputClass: 'huge-body' },
    { value: 'a'.repeat(10_001), inputClass: 'huge-body' },
  ];
  for (const { value, inputClass } of emails) signUp(inputClass, withField('siteVisitorEmail', value));
  const pick = <T>(list: Hostile<T>[], every: number, offset: number) => list.filter((_, i) => i % every === offset);
  const fieldsToSpoil = ['productId', 'variantId', 'isJoinMailingList', 'captchaToken', 'language'];
  fieldsToSpoil.forEach((field, f) => {
    signUp('wrong-type', withField(field, undefined));
    const values: Hostile<unknown>[] = [
      ...pick(HOSTILE_STRINGS, 4, f % 4),
      ...pick(WRONG_TYPES, 3, f % 3),
      ...(field === 'isJoinMailingList' ? pick(NUMBERS, 6, 0) : []),
    ];
    for (const { value, inputClass } of values) signUp(inputClass, withField(field, value));
  });
  signUp('huge-body', withField('captchaToken', 'x'.repeat(10_001)));
  signUp('huge-body', withField('recaptchaEnterpriseV3Token', 'x'.repeat(2 * 1024 * 1024)));
  for (const { value, inputClass } of pick(MALFORMED_JSON, 2, 0)) signUp(inputClass, value);
  signUp('deep-json', deepJson(100_000, 'array'));
  signUp('deep-json', withField('productId', '__DEEP__').replace('"__DEEP__"', deepJson(10_000, 'object')));

  // One address past its limit: 429 is the right answer for the last of these.
  let flooder: Promise<Visitor> | undefined;
  for (let i = 0; i < 13; i++) {
    cases.push(
      probeCase(ROUTES.restockSignUp, 'rate-limit', async (ctx) => {
        flooder ??= ctx.visitors.stranger();
        const visitor = await flooder;
        return { request: write(ctx.host, visitor, 'POST', API_PATHS.restock, jsonText(base)), visitor };
      }),
    );
  }

  // The owner's calls: no cookie and no crumb, an Authorization header that is no key.
  const owner = (route: string, method: string, path: string, authorization: string | undefined, body?: string) =>
    probeCase(route, AUTHORIZATIONS.find(([, a]) => a === authorization)?.[0] ?? 'api-key', (ctx) => {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      return {
        request:
          method === 'GET'
            ? { ...read(ctx.host, path), headers: { ...read(ctx.host, path).headers, ...headers } }
            : write(ctx.host, undefined, method, path, body, { headers }),
      };
    });
  const sendBody = jsonText({ productId, variantId });
  const sendAllBody = jsonText({ sendRequests: [{ productId, variantId }] });
  const list = `${API_PATHS.restock}?productId=${productId}&variantId=${variantId}`;
  for (const [, authorization] of AUTHORIZATIONS) {
    cases.push(owner(ROUTES.restockGroups, 'GET', API_PATHS.restockGroups, authorization));
    cases.push(owner(ROUTES.restockList, 'GET', list, authorization));
    cases.push(owner(ROUTES.restockSend, 'POST', API_PATHS.restockSend, authorization, sendBody));
    cases.push(owner(ROUTES.restockSendAll, 'POST', API_PATHS.restockSendAll, authorization, sendAllBody));
  }
  // Forged cursors and odd limits, with a forged key (the answer must still be a 4xx).
  const forged = 'Bearer sbk_forged';
  const queries: string[] = [
    ...pick(URL_VALUES, 2, 0).map((h) => `cursor=${h.value}`),
    ...pick(URL_VALUES, 3, 1).map((h) => `limit=${h.value}`),
    'cursor=eyJpZCI6IngifQ',
    'cursor=eyJpZCI6IngifQ==',
    `cursor=${Buffer.from('{"createdAt":"x","id":"\' or 1=1 --"}').toString('base64url')}`,
    `cursor=${Buffer.from('{"__proto__":{"x":1}}').toString('base64url')}`,
    `cursor=${'A'.repeat(1001)}`,
    'cursor=a&cursor=b',
    'cursor[]=a',
    'limit=0',
    'limit=-1',
    'limit=1.5',
    'limit=1e308',
    'limit=1&limit=2',
    'limit[]=1',
  ];
  for (const query of queries) {
    cases.push(owner(ROUTES.restockGroups, 'GET', `${API_PATHS.restockGroups}?${query}`, forged));
    cases.push(owner(ROUTES.restockList, 'GET', `${list}&${query}`, forged));
  }
  for (const { value } of pick(URL_VALUES, 3, 0)) {
    cases.push(owner(ROUTES.restockList, 'GET', `${API_PATHS.restock}?productId=${value}&variantId=${value}`, forged));
  }
  cases.push(owner(ROUTES.restockList, 'GET', API_PATHS.restock, forged));
  // Send bodies of every wrong shape.
  const sendBodies: string[] = [
    '{}',
    '[]',
    '{',
    jsonText({ productId: '\u0000', variantId: '\ud800' }),
    jsonText({ productId: ['a'], variantId: { a: 1 } }),
    jsonText({ sendRequests: [] }),
    jsonText({ sendRequests: Array.from({ length: 1000 }, () => ({ productId, variantId })) }),
    jsonText({ sendRequests: 'all' }),
    jsonText({ sendRequests: [null, 1, 'x'] }),
    deepJson(100_000, 'array'),
    `{"sendRequests":${deepJson(10_000, 'array')}}`,
  ];
  for (const body of sendBodies) {
    cases.push(owner(ROUTES.restockSend, 'POST', API_PATHS.restockSend, forged, body));
    cases.push(owner(ROUTES.restockSendAll, 'POST', API_PATHS.restockSendAll, forged, body));
    cases.push(owner(ROUTES.restockSendAll, 'POST', API_PATHS.restockSendAll, undefined, body));
  }
  return cases;
}
