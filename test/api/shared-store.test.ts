import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { RateLimiter } from '../../api/http/rate-limits.ts';
import { MemoryStore } from '../../api/state/memory-store.ts';
import { RedisStore } from '../../api/state/redis-store.ts';
import type { SharedStore } from '../../api/state/shared-store.ts';
import { CRUMB, ENTRIES_PATH, HOST } from '../api-http/api-helpers.ts';
import { openDemoApp } from '../site/demo-app.ts';

/** Set by .ci/run (and by anyone with a Redis server): the Redis store is then tested too. */
const redisUrl = process.env.TEST_REDIS_URL;
/** Each run its own keys, so runs sharing a server never see each other's counters. */
const keyPrefix = `sitebuilder-test:${randomBytes(6).toString('hex')}:`;

function storeContract(name: string, open: () => Promise<SharedStore>): void {
  t.test(`${name}: counters, windows and values`, async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    t.same(await store.hit('a', 200), { count: 1, resetInMs: 200 });
    const second = await store.hit('a', 200);
    t.equal(second.count, 2);
    t.ok(second.resetInMs > 0 && second.resetInMs <= 200, 'the window keeps its first end');
    t.equal((await store.hit('b', 200)).count, 1, 'keys count apart');
    await sleep(250);
    t.equal((await store.hit('a', 200)).count, 1, 'a new window after the old one ends');

    t.equal(await store.get('missing'), undefined);
    await store.put('v', 'one', 200);
    t.equal(await store.get('v'), 'one');
    await store.put('v', 'two', 200);
    t.equal(await store.get('v'), 'two', 'put replaces');
    await sleep(250);
    t.equal(await store.get('v'), undefined, 'a value expires');
  });
}

storeContract('memory', async () => new MemoryStore());

if (redisUrl) {
  storeContract('redis', () => new RedisStore(redisUrl, { keyPrefix }).ready());

  t.test('two server processes sharing Redis count one client together', async (t) => {
    const limits = { 'api-write': { max: 3, windowMs: 60_000 } };
    const first = await openDemoApp(t, {
      server: { limits, store: await new RedisStore(redisUrl, { keyPrefix }).ready() },
    });
    const second = await openDemoApp(t, {
      server: { limits, store: await new RedisStore(redisUrl, { keyPrefix }).ready() },
    });
    const write = (app: typeof first.app) =>
      app.inject({
        method: 'DELETE',
        url: `${ENTRIES_PATH}/missing`,
        remoteAddress: '10.77.0.1',
        headers: { host: HOST, cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB },
      });
    t.equal((await write(first.app)).statusCode, 404);
    t.equal((await write(second.app)).statusCode, 404);
    t.equal((await write(first.app)).statusCode, 404);
    t.equal((await write(second.app)).statusCode, 429, 'the fourth write, whichever process takes it');
  });

  t.test('a Redis server that does not answer stops start-up with its error', async (t) => {
    await t.rejects(new RedisStore('redis://127.0.0.1:1', { keyPrefix }).ready());
  });
} else {
  t.comment('TEST_REDIS_URL is not set: the Redis store is not tested in this run');
}

t.test('a store that cannot count lets requests through and says so', async (t) => {
  const heard: unknown[] = [];
  const away: SharedStore = {
    hit: async () => {
      throw new Error('connection lost');
    },
    put: async () => {},
    get: async () => undefined,
    close: async () => {},
  };
  const limiter = new RateLimiter(away, { search: { max: 0, windowMs: 1000 } }, (error) => heard.push(error));
  await t.resolves(limiter.check('search', '10.0.0.1'));
  t.equal(heard.length, 1);
  await t.rejects(new RateLimiter(new MemoryStore(), { search: { max: 0, windowMs: 1000 } }).check('search', 'x'), {
    code: 'rate-limited',
  });
});
