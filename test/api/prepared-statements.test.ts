/** Registered statements run as named ones on PostgreSQL: prepared once per connection. */
import { sql } from 'kysely';
import type pg from 'pg';
import t from 'tap';
import { nameRegisteredStatements, preparedStatement } from '../../api/db/prepared-statements.ts';
import { cartVersion, createCart } from '../../api/repositories/cart-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

t.test('a registered text is sent with its name; any other query as it came', async (t) => {
  const text = preparedStatement('test_statement', 'select $1::int as n');
  const sent: unknown[][] = [];
  const client = { query: (...args: unknown[]) => sent.push(args) } as unknown as pg.PoolClient;
  nameRegisteredStatements(client);
  const callback = () => {};
  client.query(text, [1]);
  client.query('select 1', []);
  client.query(text);
  client.query(text, [2], callback);
  t.same(sent, [[{ name: 'test_statement', text, values: [1] }], ['select 1', []], [text], [text, [2], callback]]);
  t.throws(() => preparedStatement('test_statement', 'select 2'), /registered twice/, 'one name, one text');
  t.equal(preparedStatement('test_statement', text), text, 'registering the same again is harmless');
});

t.test(
  "on PostgreSQL the cart's version is read by a statement its connection prepared",
  {
    skip: process.env.TEST_DATABASE_URL
      ? false
      : 'PostgreSQL only (npm run test:pg): the embedded database has no pg connections',
  },
  async (t) => {
    // One connection, so the check below asks the connection that read the version.
    const { db } = await openTestDatabase(t, { poolSize: 1 });
    const { websiteId } = await buildWebsite(db);
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    const first = await cartVersion(db, websiteId, cart.id);
    t.equal(await cartVersion(db, websiteId, cart.id), first, 'read again alike');
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
    t.same(
      rows.map((row) => row.name),
      ['cart_version'],
    );
  },
);
