/**
 * Page routes (renderer/page-routes.ts, routing/resolve-route.ts): every
 * page the site links to, as HTML and as its JSON context, then list pages
 * with bad ?category=, ?tag= and ?offset=, searches, slugs that are not
 * slugs, the cart, checkout and order pages with bad tokens, and ?format=.
 */
import type { SiteFacts } from '../discover-site.ts';
import { HOSTILE_STRINGS, percentEncode, SCRIPT_IMG, SCRIPT_TAG, URL_VALUES } from '../hostile-values.ts';
import type { InputClass, ProbeCase } from '../probe-case.ts';
import { probeCase, read } from './request-helpers.ts';
import { routeLabel } from './routes.ts';

function page(inputClass: InputClass, path: string, options: { visitor?: boolean; method?: string } = {}): ProbeCase {
  const method = options.method ?? 'GET';
  return probeCase(routeLabel(method, path), inputClass, async (ctx) => {
    const visitor = options.visitor ? await ctx.visitors.forRead() : undefined;
    return { request: read(ctx.host, path, visitor, method), visitor };
  });
}

export function pageCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const systemPages = ['/cart', '/search', '/search?q=mug', '/checkout', '/no-such-page', '/shop/no-such-item'];
  for (const path of [...site.pages, ...systemPages]) {
    const join = path.includes('?') ? '&' : '?';
    cases.push(page('baseline', path));
    cases.push(page('baseline', path, { visitor: true }));
    cases.push(page('baseline', `${path}${join}format=json`, { visitor: true }));
    cases.push(page('baseline', `${path}${join}format=json-pretty`));
    cases.push(page('method', path, { method: 'HEAD' }));
  }

  // List pages: the owner's own categories and tags, then values that are none of them.
  for (const collection of site.collections) {
    for (const category of collection.categories)
      cases.push(page('baseline', `${collection.path}?category=${percentEncode(category)}`));
    for (const tag of collection.tags) cases.push(page('baseline', `${collection.path}?tag=${percentEncode(tag)}`));
    const filtered = collection.categories.length > 0 || collection.tags.length > 0;
    for (const { value, inputClass } of URL_VALUES) {
      cases.push(page(inputClass, `${collection.path}?offset=${value}`));
      if (!filtered) continue;
      cases.push(page(inputClass, `${collection.path}?category=${value}`));
      cases.push(page(inputClass, `${collection.path}?tag=${value}`));
    }
    const first = collection.categories[0] ?? 'x';
    const combined: [InputClass, string][] = [
      ['wrong-type', `?category=${percentEncode(first)}&category=${percentEncode(first)}`],
      ['wrong-type', '?tag[]=a&tag[b]=c&offset[]=1'],
      ['number-limits', `?category=${percentEncode(first)}&offset=9007199254740993`],
      ['number-limits', '?offset=1e308&format=json'],
      ['script', `?category=${encodeURIComponent(SCRIPT_TAG)}&tag=${encodeURIComponent(SCRIPT_IMG)}&format=json`],
      ['nul-surrogate', '?category=%00&tag=%ED%A0%80&offset=%00'],
    ];
    for (const [inputClass, query] of combined) cases.push(page(inputClass, `${collection.path}${query}`));
  }

  // Search.
  for (const { value, inputClass } of URL_VALUES) cases.push(page(inputClass, `/search?q=${value}`));
  for (const { value, inputClass } of HOSTILE_STRINGS)
    cases.push(page(inputClass, `/search?q=${percentEncode(value)}`));
  cases.push(page('wrong-type', '/search?q=a&q=b'));
  cases.push(page('wrong-type', '/search?q[]=a'));
  cases.push(page('script', `/search?q=${encodeURIComponent(SCRIPT_TAG)}&format=json`));

  // Slugs that are not slugs, at the collection and the item level.
  const list = site.collections.find((c) => site.items.some((i) => i.path.startsWith(`${c.path}/`)))?.path ?? '/shop';
  for (const { value, inputClass } of URL_VALUES) {
    if (value === '') continue;
    cases.push(page(inputClass, `/${value}`));
    cases.push(page(inputClass, `${list}/${value}`));
  }

  // The cart page, and the checkout and order pages with tokens that name nothing.
  cases.push(page('baseline', '/cart?format=json', { visitor: true }));
  for (const { value, inputClass } of URL_VALUES) {
    cases.push(page(inputClass, `/checkout?cartToken=${value}`, { visitor: true }));
    cases.push(page(inputClass, `/checkout/order-confirmed?orderToken=${value}`));
  }
  cases.push(
    probeCase(routeLabel('GET', '/checkout'), 'baseline', async (ctx) => {
      const token = await ctx.freshCartToken();
      return { request: read(ctx.host, `/checkout?cartToken=${token ?? ''}`) };
    }),
  );
  cases.push(
    probeCase(routeLabel('GET', '/checkout/order-confirmed'), 'baseline', (ctx) => ({
      request: read(ctx.host, `/checkout/order-confirmed?orderToken=${ctx.site.orderToken ?? ''}`),
    })),
  );
  cases.push(
    probeCase(routeLabel('GET', '/checkout/order-confirmed'), 'baseline', (ctx) => ({
      request: read(ctx.host, `/checkout/order-confirmed?orderToken=${ctx.site.orderToken ?? ''}&format=json`),
    })),
  );

  // ?format= with values other than json and json-pretty.
  const formats: [InputClass, string][] = [
    ['wrong-type', 'JSON'],
    ['wrong-type', 'xml'],
    ['wrong-type', ''],
    ['wrong-type', 'json&format=xml'],
    ['nul-surrogate', 'json%00'],
    ['nul-surrogate', 'json-pretty%ED%A0%80'],
    ['script', encodeURIComponent(SCRIPT_TAG)],
  ];
  const item = site.items[0]?.path ?? '/shop/no-such-item';
  for (const path of ['/', list, item, '/cart', '/checkout', '/search?q=mug']) {
    for (const [inputClass, format] of formats)
      cases.push(page(inputClass, `${path}${path.includes('?') ? '&' : '?'}format=${format}`));
  }

  // Query parameters no page reads: a page that echoes its URL must escape it.
  for (const path of ['/', list, item]) {
    cases.push(page('script', `${path}?${SCRIPT_TAG}=${SCRIPT_TAG}`));
    cases.push(page('script', `${path}?x=${encodeURIComponent(SCRIPT_IMG)}`));
    cases.push(page('script', `${path}?x="><img%20src=x%20onerror=alert(1)>`));
  }
  return cases;
}
