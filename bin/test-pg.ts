/**
 * `npm run test:pg`: the data-layer and API tests against the PostgreSQL server in
 * DATABASE_URL. Each test file creates a database of its own there and drops it.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';

/**
 * The data layer and the HTTP calls over it (the cart's rules meet the real
 * server's locking there), each folder as one suite (test/suites/), and
 * servers in several processes on one database.
 */
const SUITES = ['test/suites/api.test.ts', 'test/suites/api-http.test.ts', 'test/suites/api-http-2.test.ts'];
const TEST_DIRS = ['test/multi-process'];

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('test:pg needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n');
    return 2;
  }
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    process.stderr.write(`test:pg cannot reach DATABASE_URL: ${(error as Error).message}\n`);
    return 2;
  }
  const files = SUITES.concat(
    TEST_DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => `${dir}/${name}`),
    ),
  );
  const tap = spawn('tap', files, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
  return await new Promise((resolve) => tap.on('exit', (code) => resolve(code ?? 1)));
}

main().then((code) => process.exit(code));
