/**
 * The server as it runs behind a load balancer: two `npm start` servers on
 * one PostgreSQL database and one Redis, the second itself a cluster
 * (WORKERS=2), with TRUST_PROXY so each buyer has an address of its own.
 * What one process changes the other shows on its next request, a rate
 * limit counts requests to both, a crumb from one is good at the other, and
 * buyers spread over them never buy more than is in stock.
 *
 * Needs TEST_DATABASE_URL (set by `npm run test:pg`) and TEST_REDIS_URL;
 * skipped without them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import pg from 'pg';
import t from 'tap';
import { request } from 'undici';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { databaseUrl, onServer, postgresTemplate } from '../api/helpers/postgres-template.ts';
import { PAY_WITH_TEST_CARD, productId } from '../api-http/api-helpers.ts';

// Four server processes start before the first request: more than tap's default on a busy machine.
t.setTimeout(240_000);

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const REPO = new URL('../..', import.meta.url).pathname;
const CANDLE = { itemId: productId('cedar-and-smoke-candle'), sku: 'FW-CANDLE-CEDAR' };
// At most the demo store's scarcity threshold (5), so the product page says how many are left.
const FEW_LEFT = 5;
const IN_STOCK = 10;
const BUYERS = 50;
const BUYER = {
  email: 'buyer@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
  ...PAY_WITH_TEST_CARD,
};

interface Server {
  port: number;
  process: ChildProcess;
  /** Log lines at warn level and above. */
  problems: string[];
}

/** `npm start` (bin/start.ts) as a process of its own; resolves once it prints where it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['bin/start.ts'], {
    cwd: REPO,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      let entry: { level?: number; msg?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if ((entry.level ?? 0) >= 40) problems.push(line);
      const port = /^demo site: http:\/\/[^/]+:(\d+)\//.exec(entry.msg ?? '')?.[1];
      if (port) resolve({ port: Number(port), process: child, problems });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${stderr}`)));
  });
}

function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

/** A browser of one address: its cookies, the crumb header on writes, X-Forwarded-For through the "balancer". */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly address: string;
  constructor(address: string) {
    this.address = address;
  }

  async send(server: Server, method: 'GET' | 'POST', path: string, body?: { json: unknown } | { form: object }) {
    const headers: Record<string, string> = {
      host: 'localhost',
      'x-forwarded-for': this.address,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': this.cookies.get('crumb') ?? '',
    };
    let payload: string | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams({ crumb: this.cookies.get('crumb') ?? '', ...body.form }).toString();
    }
    const answer = await request(`http://127.0.0.1:${server.port}${path}`, { method, headers, body: payload });
    const setCookies = answer.headers['set-cookie'];
    for (const cookie of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: answer.statusCode, location: answer.headers.location, text: await answer.body.text() };
  }
}

t.test('two server processes on one database and one Redis', async (t) => {
  if (!serverUrl || !redisUrl) {
    t.comment('skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL (npm run test:pg with a Redis server)');
    return;
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(serverUrl, 'demo');
  await onServer(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  t.teardown(() => onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)));
  const url = databaseUrl(serverUrl, name);
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  t.teardown(() => direct.end());
  const setStock = (qtyInStock: number) =>
    direct.query('update product_variants set qty_in_stock = $1 where website_id = $2 and sku = $3', [
      qtyInStock,
      DEMO_WEBSITE_ID,
      CANDLE.sku,
    ]);
  const stock = async () => {
    const { rows } = await direct.query(
      'select qty_in_stock from product_variants where website_id = $1 and sku = $2',
      [DEMO_WEBSITE_ID, CANDLE.sku],
    );
    return Number(rows[0].qty_in_stock);
  };
  await setStock(FEW_LEFT);

  const env = {
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    // Counters of this run only, whatever earlier runs left in Redis.
    REDIS_KEY_PREFIX: `test:${name}:`,
    SECRET: randomBytes(32).toString('hex'),
  };
  const servers = await Promise.all([startServer(env), startServer({ ...env, WORKERS: '2' })]);
  t.teardown(() => Promise.all(servers.map(stopServer)));
  const [one, two] = servers as [Server, Server];

  t.test('a crumb from one is good at the other, and a purchase through one shows on the other', async (t) => {
    const watcher = new Browser('10.20.0.1');
    const product = '/shop/cedar-and-smoke-candle';
    t.match((await watcher.send(two, 'GET', product)).text, `Only ${FEW_LEFT} left in stock`);
    // Asked twice, the page is in the second process's cache now.
    t.match((await watcher.send(two, 'GET', product)).text, `Only ${FEW_LEFT} left in stock`);

    const buyer = new Browser('10.20.0.2');
    await buyer.send(two, 'GET', '/');
    t.ok(buyer.cookies.get('crumb'), 'a crumb from the second process');
    const added = await buyer.send(one, 'POST', '/api/commerce/shopping-cart/entries', {
      json: { itemId: CANDLE.itemId, quantity: 3 },
    });
    t.equal(added.status, 200, `the first process takes it: ${added.text.slice(0, 200)}`);
    const placed = await buyer.send(one, 'POST', '/checkout', { form: BUYER });
    t.equal(placed.status, 303);
    t.match(placed.location, /^\/checkout\/order-confirmed/, 'an order was placed');
    t.match(
      (await watcher.send(two, 'GET', product)).text,
      `Only ${FEW_LEFT - 3} left in stock`,
      "the second process's next answer shows the new stock",
    );
  });

  t.test('a rate limit counts the requests to both', async (t) => {
    const searcher = new Browser('10.30.0.1');
    const statuses: number[] = [];
    // The search limit is 30 a minute from one address: 20 to each process is 40.
    for (let i = 0; i < 20; i++) {
      statuses.push((await searcher.send(one, 'GET', `/search?q=coffee${i}`)).status);
      statuses.push((await searcher.send(two, 'GET', `/search?q=mug${i}`)).status);
    }
    t.equal(statuses.filter((status) => status === 200).length, 30, 'thirty answered');
    t.equal(statuses.filter((status) => status === 429).length, 10, 'the rest refused, by whichever process');
  });

  t.test(`${BUYERS} buyers spread over both never buy more than is in stock`, async (t) => {
    await setStock(IN_STOCK);
    const outcomes = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const buyer = new Browser(`10.40.${Math.floor(i / 200)}.${(i % 200) + 1}`);
        const [first, second] = i % 2 === 0 ? [one, two] : [two, one];
        await buyer.send(first, 'GET', '/');
        const added = await buyer.send(second, 'POST', '/api/commerce/shopping-cart/entries', {
          json: { itemId: CANDLE.itemId, quantity: 1 },
        });
        if (added.status !== 200) return 'not added';
        const placed = await buyer.send(first, 'POST', '/checkout', {
          form: { ...BUYER, email: `buyer${i}@example.coffee` },
        });
        return placed.status === 303 && String(placed.location).startsWith('/checkout/order-confirmed')
          ? 'bought'
          : 'refused';
      }),
    );
    const bought = outcomes.filter((outcome) => outcome === 'bought').length;
    t.equal(
      bought,
      IN_STOCK,
      `every unit sold, none twice (${outcomes.filter((o) => o !== 'bought').length} turned away)`,
    );
    t.equal(await stock(), 0, 'stock ends at zero, never below');
  });

  t.test('nothing went wrong in either process', async (t) => {
    t.same(
      servers.flatMap((server) => server.problems).filter((line) => !line.includes('"statusCode":429')),
      [],
    );
  });
});
