import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import t from 'tap';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, ENTRIES_PATH, HOST, productId, Visitor } from './api-helpers.ts';

const MUG = productId('stoneware-mug');
const ADD = { itemId: MUG, sku: 'FW-MUG-OAT' };

// One app with tight limits for the whole file; each test sends from addresses of its own.
const { app, handle } = await openDemoApp(t, {
  server: {
    limits: {
      'api-write': { max: 5, windowMs: 60_000 },
      'cart-write': { max: 3, windowMs: 60_000 },
      'cart-create': { max: 2, windowMs: 3_600_000 },
      checkout: { max: 2, windowMs: 60_000 },
      search: { max: 2, windowMs: 60_000 },
      'page-render': { max: 3, windowMs: 60_000 },
    },
    trustProxy: '127.0.0.1',
    timeouts: { headersMs: 300, requestMs: 1_000, checkIntervalMs: 100 },
  },
});

let nextAddress = 0;
const newAddress = () => `10.20.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;
const randomCartId = () => randomBytes(12).toString('hex');

function write(address: string, cookie: string, url = `${ENTRIES_PATH}/missing`) {
  return app.inject({
    method: 'DELETE',
    url,
    remoteAddress: address,
    headers: { host: HOST, cookie: `crumb=${CRUMB}; ${cookie}`, 'x-csrf-token': CRUMB },
  });
}

t.test('API writes are limited by client address, whatever cart cookie a client makes up', async (t) => {
  const address = newAddress();
  for (let i = 0; i < 5; i++) t.equal((await write(address, `sb_cart=${randomCartId()}`)).statusCode, 404);
  const limited = await write(address, `sb_cart=${randomCartId()}`);
  t.equal(limited.statusCode, 429);
  t.match(limited.headers['retry-after'], /^\d+$/);
  t.same(limited.json().error, { code: 'rate-limited', message: 'Please try again in a few seconds.' });
  t.equal((await write(newAddress(), '')).statusCode, 404, 'another address is not limited');
});

t.test('and by cart, from however many addresses', async (t) => {
  const visitor = new Visitor(app);
  t.equal((await visitor.add(ADD)).statusCode, 200);
  const cart = `sb_cart=${visitor.cookies.get('sb_cart')}`;
  // The add made the cart, so it counted against the address only.
  t.equal((await write(newAddress(), cart)).statusCode, 404);
  t.equal((await write(newAddress(), cart)).statusCode, 404);
  t.equal((await write(newAddress(), cart)).statusCode, 404);
  t.equal((await write(newAddress(), cart)).statusCode, 429, "the cart's fourth write in the window");
});

t.test('new carts per address are capped, and a refused add creates nothing', async (t) => {
  const address = newAddress();
  const carts = async () =>
    Number(
      (
        await handle.db
          .selectFrom('carts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await carts();
  const add = () =>
    app.inject({
      method: 'POST',
      url: ENTRIES_PATH,
      remoteAddress: address,
      headers: { host: HOST, cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB, 'content-type': 'application/json' },
      payload: JSON.stringify(ADD),
    });
  t.equal((await add()).statusCode, 200);
  t.equal((await add()).statusCode, 200);
  const third = await add();
  t.equal(third.statusCode, 429);
  t.equal(third.json().error.code, 'rate-limited');
  t.equal(await carts(), before + 2, 'two carts, not three');
});

t.test('checkout, search and page renders have limits of their own, answered as pages', async (t) => {
  const address = newAddress();
  const checkout = () =>
    app.inject({
      method: 'POST',
      url: '/checkout',
      remoteAddress: address,
      headers: { host: HOST, cookie: `crumb=${CRUMB}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${CRUMB}`,
    });
  t.not((await checkout()).statusCode, 429);
  t.not((await checkout()).statusCode, 429);
  const limited = await checkout();
  t.equal(limited.statusCode, 429);
  t.match(limited.headers['content-type'], /^text\/html/);
  t.match(limited.body, /Please try again in a few seconds\./);
  t.match(limited.headers['retry-after'], /^\d+$/);

  const search = (address: string) =>
    app.inject({ method: 'GET', url: '/search?q=mug', remoteAddress: address, headers: { host: HOST } });
  const searcher = newAddress();
  t.equal((await search(searcher)).statusCode, 200);
  t.equal((await search(searcher)).statusCode, 200);
  t.equal((await search(searcher)).statusCode, 429);

  const reader = newAddress();
  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, remoteAddress: reader, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
  t.equal((await page('/shop?limits=1')).statusCode, 200);
  for (let i = 0; i < 5; i++) {
    const cached = await page('/shop?limits=1');
    t.equal(cached.headers['x-page-cache'], 'hit', 'a page from the cache costs nothing');
  }
  t.equal((await page('/shop?limits=2')).statusCode, 200);
  t.equal((await page('/shop?limits=1', `sb_cart=${randomCartId()}`)).statusCode, 200, 'a visitor with a cart');
  const over = await page('/shop?limits=3');
  t.equal(over.statusCode, 429, 'the fourth render in the window');
  t.match(over.body, /Too many requests/);
});

t.test('behind a trusted proxy the forwarded address and protocol count', async (t) => {
  const viaProxy = (forwardedFor: string, proto?: string) =>
    app.inject({
      method: 'DELETE',
      url: `${ENTRIES_PATH}/missing`,
      remoteAddress: '127.0.0.1',
      headers: {
        host: HOST,
        cookie: `crumb=${CRUMB}`,
        'x-csrf-token': CRUMB,
        'x-forwarded-for': forwardedFor,
        ...(proto ? { 'x-forwarded-proto': proto } : {}),
      },
    });
  for (let i = 0; i < 5; i++) t.equal((await viaProxy('203.0.113.5')).statusCode, 404);
  t.equal((await viaProxy('203.0.113.5')).statusCode, 429, 'one client behind the proxy');
  t.equal((await viaProxy('203.0.113.6')).statusCode, 404, 'another client behind the same proxy');

  // An address that is not the proxy cannot pick its own key.
  const stranger = newAddress();
  const forged = (n: number) =>
    app.inject({
      method: 'DELETE',
      url: `${ENTRIES_PATH}/missing`,
      remoteAddress: stranger,
      headers: { host: HOST, cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB, 'x-forwarded-for': `198.51.100.${n}` },
    });
  for (let i = 0; i < 5; i++) t.equal((await forged(i)).statusCode, 404);
  t.equal((await forged(99)).statusCode, 429);

  const home = (remoteAddress: string, proto: string) =>
    app.inject({ method: 'GET', url: '/', remoteAddress, headers: { host: HOST, 'x-forwarded-proto': proto } });
  const secure = await home('127.0.0.1', 'https');
  t.equal(secure.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', 'HSTS over HTTPS');
  t.match(String(secure.headers['set-cookie']), /crumb=[0-9a-f]{64}; Path=\/; Secure; SameSite=Lax/);
  const plain = await home(newAddress(), 'https');
  t.equal(
    plain.headers['strict-transport-security'],
    undefined,
    'no HSTS when the claim of HTTPS is not from the proxy',
  );
  t.notMatch(String(plain.headers['set-cookie']), /Secure/);
});

t.test('a client that never finishes its headers is cut off, and others are still answered', async (t) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const held = Array.from(
    { length: 20 },
    () =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(`GET / HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: `));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', () => {});
      }),
  );
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: HOST } });
  t.equal(response.status, 200, 'a whole request is answered meanwhile');
  const answers = await Promise.all(held);
  t.equal(answers.length, 20, 'every slow connection was closed by the server');
  for (const answer of answers) t.match(answer, /^(HTTP\/1\.1 408|$)/, 'with 408 or nothing');

  const malformed = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('BREW / HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
  });
  t.match(malformed, /^HTTP\/1\.1 400 Bad Request\r\n/, 'a request the parser refuses is a 400');
  t.match(malformed, /\r\nConnection: close\r\n/, 'that says the connection is done, so no kept-alive request is lost');
  t.match(malformed, /"code":"bad-request"/);
});
