/**
 * What goes around the bodies: every method on every route, odd Host
 * headers, very long URLs, content types that do not match the body,
 * forged and missing crumbs, forged cookies, and requests node:http would
 * refuse to write (sent as raw bytes).
 */
import type { SiteFacts } from '../discover-site.ts';
import { CONTENT_TYPES, hostHeaders, METHODS, SCRIPT_TAG } from '../hostile-values.ts';
import type { CaseContext, InputClass, PreparedRequest, ProbeCase } from '../probe-case.ts';
import { CRUMB_COOKIE } from '../visitors.ts';
import { NO_SUCH_CART, VALID_CHECKOUT_FORM } from './checkout-cases.ts';
import { FORM_TYPE, formText, JSON_TYPE, jsonText, probeCase, write } from './request-helpers.ts';
import { API_PATHS, budgetsFor, ROUTES, routeLabel } from './routes.ts';

/** A checkout form naming a cart that does not exist: these cases must not buy the visitor's own cart. */
const CHECKOUT_FORM = { ...VALID_CHECKOUT_FORM, cartToken: NO_SUCH_CART };

/** One path per route, with what a valid call carries. */
function routePaths(site: SiteFacts): string[] {
  const item = site.items[0];
  return [
    API_PATHS.cart,
    API_PATHS.entries,
    API_PATHS.entry('ENTRY'),
    API_PATHS.entryFields('ENTRY'),
    API_PATHS.subscription,
    `${API_PATHS.stock}?itemId=${site.cartSeed.itemId}`,
    `${API_PATHS.stock}/?itemId=${site.cartSeed.itemId}`,
    '/api/no-such-call',
    '/',
    '/shop',
    item?.path ?? '/shop/no-such-item',
    '/search?q=mug',
    '/cart',
    '/checkout',
    '/checkout/order-confirmed?orderToken=000000000000000000000000',
    ...site.staticFiles.slice(0, 3),
    '/site.css',
  ];
}

/** A request as the visitor (cookies, crumb), its budget counted when it writes to a limited route. */
async function asVisitor(
  ctx: CaseContext,
  method: string,
  path: string,
  body: string | undefined,
  options: Parameters<typeof write>[5] = {},
): Promise<PreparedRequest> {
  const budgets = budgetsFor(method, path);
  const visitor = budgets.length > 0 ? await ctx.visitors.forWrite(...budgets) : await ctx.visitors.forRead();
  const resolved = path.replace('ENTRY', visitor.entryIds[0] ?? '000000000000000000000000');
  return { request: write(ctx.host, visitor, method, resolved, body, options), visitor };
}

function methodCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  for (const path of routePaths(site)) {
    for (const method of METHODS) {
      const label = routeLabel(method, path);
      cases.push(probeCase(label, 'method', (ctx) => asVisitor(ctx, method, path, undefined)));
      if (method !== 'GET' && method !== 'HEAD') {
        cases.push(probeCase(label, 'method', (ctx) => asVisitor(ctx, method, path, jsonText({ quantity: 1 }))));
      }
    }
    cases.push(probeCase(routeLabel('BREW', path), 'method', (ctx) => asVisitor(ctx, 'BREW', path, undefined)));
    cases.push(
      probeCase(routeLabel('OPTIONS', path), 'method', (ctx) =>
        asVisitor(ctx, 'OPTIONS', path, undefined, {
          headers: { origin: 'http://unknown.example', 'access-control-request-method': 'DELETE' },
        }),
      ),
    );
  }
  return cases;
}

function hostCases(site: SiteFacts, port: number): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const targets: [string, string][] = [
    ['GET', '/'],
    ['GET', '/shop'],
    ['GET', '/shop?format=json'],
    ['GET', site.items[0]?.path ?? '/shop/x'],
    ['GET', '/cart'],
    ['GET', '/search?q=mug'],
    ['GET', '/checkout/order-confirmed?orderToken=000000000000000000000000'],
    ['GET', API_PATHS.cart],
    ['GET', `${API_PATHS.stock}?itemId=${site.cartSeed.itemId}`],
    ['GET', '/site.css'],
    ...site.staticFiles.slice(0, 2).map((f): [string, string] => ['GET', f]),
    ['POST', API_PATHS.entries],
    ['POST', '/checkout'],
  ];
  for (const host of hostHeaders(port)) {
    for (const [method, path] of targets) {
      cases.push(
        probeCase(routeLabel(method, path), 'odd-host', async (ctx) => {
          const body =
            path === '/checkout'
              ? formText(CHECKOUT_FORM, encodeURIComponent)
              : method === 'POST'
                ? jsonText({ itemId: site.cartSeed.itemId, sku: site.cartSeed.sku, quantity: 1 })
                : undefined;
          const prepared = await asVisitor(ctx, method, path, body, {
            contentType: path === '/checkout' ? FORM_TYPE : JSON_TYPE,
          });
          if (prepared.request.kind === 'http') prepared.request.headers.host = host;
          return prepared;
        }),
      );
    }
  }
  return cases;
}

function longUrlCases(): ProbeCase[] {
  const cases: ProbeCase[] = [];
  for (const length of [8_000, 15_000, 20_000, 100_000]) {
    const a = 'a'.repeat(length);
    const paths: [string, string][] = [
      ['GET', `/?q=${a}`],
      ['GET', `/shop?category=${a}`],
      ['GET', `/search?q=${a}`],
      ['GET', `/shop/${a}`],
      ['GET', `/${a}`],
      ['GET', `/assets/${a}`],
      ['GET', `${API_PATHS.cart}?mock=${a}`],
      ['GET', `${API_PATHS.stock}?itemId=${a}`],
      ['DELETE', API_PATHS.entry(a)],
      ['GET', `/checkout?cartToken=${a}`],
    ];
    for (const [method, path] of paths) {
      cases.push(probeCase(routeLabel(method, path), 'long-url', (ctx) => asVisitor(ctx, method, path, undefined)));
    }
  }
  return cases;
}

function contentTypeCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const add = { itemId: site.cartSeed.itemId, sku: site.cartSeed.sku, quantity: '1' };
  const writes: [string, string, Record<string, string>][] = [
    ['POST', API_PATHS.entries, add],
    ['PUT', API_PATHS.entry('ENTRY'), { quantity: '2' }],
    ['PUT', API_PATHS.entryFields('ENTRY'), { additionalFields: '{}' }],
    ['DELETE', API_PATHS.entry('ENTRY'), {}],
    ['POST', API_PATHS.subscription, { ...(site.subscriptions[0] ?? site.cartSeed), qty: '1' }],
  ];
  for (const [method, path, fields] of writes) {
    const label = routeLabel(method, path);
    for (const contentType of CONTENT_TYPES) {
      cases.push(
        probeCase(label, 'content-type', (ctx) => asVisitor(ctx, method, path, jsonText(fields), { contentType })),
      );
    }
    // Form-encoded where JSON is expected: the crumb may come as a field then, and every value is a string.
    cases.push(
      probeCase(label, 'content-type', (ctx) =>
        asVisitor(ctx, method, path, formText(fields, encodeURIComponent), { contentType: FORM_TYPE }),
      ),
    );
    cases.push(
      probeCase(label, 'content-type', async (ctx) => {
        const prepared = await asVisitor(ctx, method, path, undefined, { contentType: FORM_TYPE, crumbHeader: null });
        const crumb = prepared.visitor?.crumb ?? '';
        if (prepared.request.kind === 'http') {
          prepared.request.body = formText({ ...fields, crumb }, encodeURIComponent);
          prepared.request.headers['content-type'] = FORM_TYPE;
        }
        return prepared;
      }),
    );
    cases.push(
      probeCase(label, 'content-type', (ctx) => asVisitor(ctx, method, path, jsonText(fields), { contentType: null })),
    );
    cases.push(
      probeCase(label, 'content-type', (ctx) =>
        asVisitor(
          ctx,
          method,
          path,
          `--x\r\nContent-Disposition: form-data; name="itemId"\r\n\r\n${site.cartSeed.itemId}\r\n--x--\r\n`,
          {
            contentType: 'multipart/form-data; boundary=x',
          },
        ),
      ),
    );
  }
  // JSON, text and multipart where the checkout form expects form fields.
  for (const contentType of [JSON_TYPE, ...CONTENT_TYPES]) {
    cases.push(
      probeCase(ROUTES.checkout, 'content-type', (ctx) =>
        asVisitor(ctx, 'POST', '/checkout', jsonText(CHECKOUT_FORM), { contentType }),
      ),
    );
  }
  return cases;
}

/** Crumbs the server did not set, or not where it looks; never a crumb made up to pass. */
function crumbCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const writes: [string, string, string, string][] = [
    [
      ROUTES.addEntry,
      'POST',
      API_PATHS.entries,
      jsonText({ itemId: site.cartSeed.itemId, sku: site.cartSeed.sku, quantity: 1 }),
    ],
    [ROUTES.entryQuantity, 'PUT', API_PATHS.entry('ENTRY'), jsonText({ quantity: 2 })],
    [ROUTES.entryFields, 'PUT', API_PATHS.entryFields('ENTRY'), jsonText({ additionalFields: '{}' })],
    [ROUTES.removeEntry, 'DELETE', API_PATHS.entry('ENTRY'), ''],
    [
      ROUTES.subscription,
      'POST',
      API_PATHS.subscription,
      jsonText({ ...(site.subscriptions[0] ?? site.cartSeed), qty: 1 }),
    ],
    [ROUTES.checkout, 'POST', '/checkout', formText(CHECKOUT_FORM, encodeURIComponent)],
  ];
  type Spoil = (
    crumb: string,
    visitorCookies: (change?: Record<string, string | undefined>) => string,
  ) => {
    cookie?: string | null;
    crumbHeader?: string | string[] | null;
  };
  const spoils: [string, Spoil][] = [
    ['no cookies, no header', () => ({ cookie: null, crumbHeader: null })],
    ['no cookies, header only', (crumb) => ({ cookie: null, crumbHeader: crumb })],
    ['cookie without crumb', (crumb, jar) => ({ cookie: jar({ [CRUMB_COOKIE]: undefined }), crumbHeader: crumb })],
    ['no header', () => ({ crumbHeader: null })],
    ['empty header', () => ({ crumbHeader: '' })],
    ['header with one more letter', (crumb) => ({ crumbHeader: `${crumb}0` })],
    ['header cut short', (crumb) => ({ crumbHeader: crumb.slice(0, -1) })],
    ['header upper case', (crumb) => ({ crumbHeader: crumb.toUpperCase() })],
    ['header twice', (crumb) => ({ crumbHeader: [crumb, crumb] })],
    ['header 10 kB', () => ({ crumbHeader: 'a'.repeat(10_000) })],
    ['header with script', () => ({ crumbHeader: SCRIPT_TAG })],
    [
      'forged pair of zeros',
      (_c, jar) => ({ cookie: jar({ [CRUMB_COOKIE]: '0'.repeat(32) }), crumbHeader: '0'.repeat(32) }),
    ],
    [
      'forged pair with script',
      (_c, jar) => ({ cookie: jar({ [CRUMB_COOKIE]: 'x' }) + `; crumb=${SCRIPT_TAG}`, crumbHeader: SCRIPT_TAG }),
    ],
    ['crumb cookie twice', (crumb, jar) => ({ cookie: `${CRUMB_COOKIE}=zzz; ${jar()}`, crumbHeader: crumb })],
    ['cookie header blank', (crumb) => ({ cookie: ' ', crumbHeader: crumb })],
  ];
  for (const [route, method, path, body] of writes) {
    for (const [, spoil] of spoils) {
      cases.push(
        probeCase(route, 'crumb', async (ctx) => {
          const isForm = path === '/checkout';
          const prepared = await asVisitor(ctx, method, path, body, { contentType: isForm ? FORM_TYPE : JSON_TYPE });
          const visitor = prepared.visitor!;
          const spoiled = spoil(visitor.crumb ?? '', (change) => visitor.cookieHeader(change));
          return {
            ...prepared,
            request: write(ctx.host, visitor, method, prepared.request.path, body, {
              contentType: isForm ? FORM_TYPE : JSON_TYPE,
              ...spoiled,
            }),
          };
        }),
      );
    }
    // Another visitor's crumb: set by the server, but not for this visitor.
    cases.push(
      probeCase(route, 'crumb', async (ctx) => {
        const prepared = await asVisitor(ctx, method, path, body, {
          contentType: path === '/checkout' ? FORM_TYPE : JSON_TYPE,
        });
        const other = await ctx.visitors.stranger();
        if (prepared.request.kind === 'http') prepared.request.headers['x-csrf-token'] = other.crumb ?? '';
        return prepared;
      }),
    );
  }
  return cases;
}

/** Cart and crumb cookies the server never set. */
function cookieCases(site: SiteFacts, cartCookie: string): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const values: [InputClass, string][] = [
    ['cookie', '000000000000000000000000'],
    ['cookie', 'ffffffffffffffffffffffff'],
    ['cookie', 'FFFFFFFFFFFFFFFFFFFFFFFF'],
    ['nul-surrogate', '%00'],
    ['nul-surrogate', '%ED%A0%80'],
    ['sql', "'%20or%201=1%20--"],
    ['script', encodeURIComponent(SCRIPT_TAG)],
    ['cookie', 'a'.repeat(5000)],
  ];
  const targets: [string, string, string | undefined][] = [
    ['GET', '/cart', undefined],
    ['GET', '/checkout', undefined],
    ['GET', API_PATHS.cart, undefined],
    ['POST', API_PATHS.entries, jsonText({ itemId: site.cartSeed.itemId, sku: site.cartSeed.sku, quantity: 1 })],
  ];
  for (const [inputClass, value] of values) {
    for (const [method, path, body] of targets) {
      cases.push(
        probeCase(routeLabel(method, path), inputClass, async (ctx) => {
          // A visitor of its own: the forged cart cookie must not reach the pool's jars.
          const visitor = await ctx.visitors.stranger();
          return {
            request: write(ctx.host, visitor, method, path, body, {
              cookie: visitor.cookieHeader({ [cartCookie]: value }),
            }),
          };
        }),
      );
    }
  }
  const headers: [InputClass, string][] = [
    ['cookie', 'a'],
    ['cookie', ';;;'],
    ['cookie', '='],
    ['cookie', `${CRUMB_COOKIE}`],
    ['cookie', `${CRUMB_COOKIE}=`],
    ['cookie', Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`).join('; ')],
    ['cookie', `x=${'a'.repeat(14_000)}`],
    ['cookie', `${CRUMB_COOKIE}="quoted"; ${cartCookie}="quoted"`],
    ['cookie', `${cartCookie}=a; ${cartCookie}=b; ${cartCookie}=000000000000000000000000`],
  ];
  for (const [inputClass, cookie] of headers) {
    for (const [method, path, body] of targets) {
      cases.push(
        probeCase(routeLabel(method, path), inputClass, (ctx) => ({
          request: write(ctx.host, undefined, method, path, body, { cookie }),
        })),
      );
    }
  }
  return cases;
}

/** Requests written byte by byte: what node:http refuses to send, and broken framing. */
function rawCases(site: SiteFacts, port: number): ProbeCase[] {
  const host = `127.0.0.1:${port}`;
  const raw = (label: string, inputClass: InputClass, head: string | Buffer, body: Buffer = Buffer.alloc(0)) =>
    probeCase(label, inputClass, () => {
      const headBytes = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
      const firstLine = headBytes.toString('latin1').split('\r\n')[0] ?? '';
      const [method = '?', path = '?'] = firstLine.split(' ');
      return { request: { kind: 'raw', method, path, bytes: Buffer.concat([headBytes, body]) } };
    });
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  const json = jsonText({ itemId: site.cartSeed.itemId, quantity: 1 });
  return [
    raw('GET / (home)', 'odd-host', utf8(`GET / HTTP/1.1\r\nHost: bücher.例え.jp\r\nConnection: close\r\n\r\n`)),
    raw('GET / (home)', 'odd-host', utf8(`GET / HTTP/1.1\r\nHost: 😀\r\nConnection: close\r\n\r\n`)),
    raw('GET / (home)', 'odd-host', `GET / HTTP/1.1\r\nHost: localhost\x00.example\r\nConnection: close\r\n\r\n`),
    raw('GET / (home)', 'odd-host', `GET / HTTP/1.1\r\nHost: 127.0.0.1\x00\r\nConnection: close\r\n\r\n`),
    raw(
      'GET / (home)',
      'odd-host',
      Buffer.from(`GET / HTTP/1.1\r\nHost: loc\xffalhost\r\nConnection: close\r\n\r\n`, 'latin1'),
    ),
    raw(
      'GET /api/commerce/shopping-cart',
      'odd-host',
      `GET ${API_PATHS.cart} HTTP/1.1\r\nHost: 127.0.0.1\x00\r\nConnection: close\r\n\r\n`,
    ),
    raw('GET /shop', 'odd-host', utf8(`GET /shop HTTP/1.1\r\nHost: магазин.example\r\nConnection: close\r\n\r\n`)),
    raw('GET / (home)', 'odd-host', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n'),
    raw(
      'GET / (home)',
      'odd-host',
      `GET / HTTP/1.1\r\nHost: ${host}\r\nHost: unknown.example\r\nConnection: close\r\n\r\n`,
    ),
    raw('GET / (home)', 'odd-host', 'GET / HTTP/1.0\r\n\r\n'),
    raw(
      'GET / (home)',
      'odd-host',
      `GET http://unknown.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ),
    raw(
      'GET / (home)',
      'odd-host',
      `GET http://${host}/shop HTTP/1.1\r\nHost: unknown.example\r\nConnection: close\r\n\r\n`,
    ),
    raw('GET /* (other paths)', 'raw-protocol', `GET * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw('OPTIONS /* (other paths)', 'raw-protocol', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw('GET /:collection', 'nul-surrogate', `GET /sh\x00op HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw(
      'GET /:collection',
      'nul-surrogate',
      Buffer.from(`GET /sh\xffop HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 'latin1'),
    ),
    raw(
      'GET /:collection',
      'nul-surrogate',
      utf8(`GET /магазин HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    ),
    raw(
      'GET /search',
      'nul-surrogate',
      Buffer.concat([
        Buffer.from('GET /search?q=', 'latin1'),
        // A surrogate written as UTF-8 bytes, which UTF-8 does not allow.
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 'latin1'),
      ]),
    ),
    raw('GET /search', 'raw-protocol', `GET /search?q=a b HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw(
      'GET /cart',
      'cookie',
      Buffer.from(
        `GET /cart HTTP/1.1\r\nHost: ${host}\r\nCookie: crumb=\xff\xfe; sb=\x00\r\nConnection: close\r\n\r\n`,
        'latin1',
      ),
    ),
    raw(
      ROUTES.addEntry,
      'crumb',
      Buffer.from(
        `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nCookie: crumb=a\r\nX-CSRF-Token: \xff\xfe\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`,
        'latin1',
      ),
    ),
    raw('GET / (home)', 'raw-protocol', 'HELLO\r\n\r\n'),
    raw('GET / (home)', 'raw-protocol', `get / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw('GET / (home)', 'raw-protocol', `GET / HTTP/9.9\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    raw(
      'GET / (home)',
      'raw-protocol',
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Folded: a\r\n b\r\nConnection: close\r\n\r\n`,
    ),
    raw(
      'GET / (home)',
      'raw-protocol',
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Long: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    ),
    raw(
      'GET / (home)',
      'raw-protocol',
      `GET / HTTP/1.1\r\nHost: ${host}\r\n${Array.from({ length: 300 }, (_, i) => `X-H${i}: ${i}\r\n`).join('')}Connection: close\r\n\r\n`,
    ),
    raw(
      ROUTES.addEntry,
      'raw-protocol',
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    ),
    raw(
      ROUTES.addEntry,
      'raw-protocol',
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ),
    raw(
      ROUTES.addEntry,
      'raw-protocol',
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
    ),
    raw(
      ROUTES.addEntry,
      'raw-protocol',
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
    ),
    raw(
      ROUTES.checkout,
      'raw-protocol',
      `POST /checkout HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nname=\r\n0\r\n\r\n`,
    ),
  ];
}

/**
 * A bad request on a kept-alive connection, then a good one on the same
 * connection: the server must answer the second, or have said
 * Connection: close with the first.
 */
function keepAliveCases(site: SiteFacts, port: number): ProbeCase[] {
  const host = `127.0.0.1:${port}`;
  const next = Buffer.from(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 'latin1');
  const json = jsonText({ itemId: site.cartSeed.itemId, quantity: 1 });
  const firsts: [string, string][] = [
    ['BREW / (home)', `BREW / HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
    ['get / (home)', `get / HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
    ['GET / (home)', `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['GET / (home)', `GET / HTTP/1.1\r\nHost: ${host}\r\nNo colon here\r\n\r\n`],
    ['GET / (home)', `GET /?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
    [
      ROUTES.addEntry,
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ],
    [
      ROUTES.addEntry,
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      ROUTES.addEntry,
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
    ],
    [
      ROUTES.addEntry,
      `POST ${API_PATHS.entries} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${300 * 1024}\r\n\r\n${' '.repeat(300 * 1024)}`,
    ],
    [
      ROUTES.checkout,
      `POST /checkout HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${17 * 1024}\r\n\r\n${'a'.repeat(17 * 1024)}`,
    ],
    ['GET /api/* (unknown)', `GET /api/no-such-call HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
    ['GET /:collection', `GET /shop?offset=%00 HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
  ];
  return firsts.map(([label, head]) =>
    probeCase(label, 'keep-alive', () => {
      const [method = '?', path = '?'] = head.split('\r\n')[0]!.split(' ');
      return { request: { kind: 'raw', method, path, bytes: Buffer.from(head, 'latin1'), followedBy: next } };
    }),
  );
}

export function protocolCases(site: SiteFacts, port: number, cartCookie: string): ProbeCase[] {
  return [
    ...methodCases(site),
    ...hostCases(site, port),
    ...longUrlCases(),
    ...contentTypeCases(site),
    ...crumbCases(site),
    ...cookieCases(site, cartCookie),
    ...rawCases(site, port),
    ...keepAliveCases(site, port),
  ];
}
