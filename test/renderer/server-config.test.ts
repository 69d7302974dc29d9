import t from 'tap';
import { serverConfigFromEnv, siteAddress } from '../../renderer/server-config.ts';

t.test('one process by default, on the embedded database', async (t) => {
  const config = serverConfigFromEnv({});
  t.equal(config.workers, 1);
  t.equal(config.redisKeyPrefix, 'sitebuilder:');
  t.equal(siteAddress(config, 3000), 'http://localhost:3000/');
});

t.test('WORKERS above 1 needs a database and a Redis every process shares', async (t) => {
  const shared = { DATABASE_URL: 'postgres://db/site', REDIS_URL: 'redis://cache' };
  t.equal(serverConfigFromEnv({ ...shared, WORKERS: '4' }).workers, 4);
  t.throws(() => serverConfigFromEnv({ WORKERS: '2', REDIS_URL: 'redis://cache' }), {
    message: 'WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process',
  });
  t.throws(() => serverConfigFromEnv({ WORKERS: '2', DATABASE_URL: 'postgres://db/site' }), {
    message: 'WORKERS above 1 needs REDIS_URL: rate limits and form outcomes must be shared by the processes',
  });
  t.throws(() => serverConfigFromEnv({ ...shared, WORKERS: '0' }), /bad environment: WORKERS/);
  t.throws(() => serverConfigFromEnv({ ...shared, WORKERS: 'many' }), /bad environment: WORKERS/);
});
