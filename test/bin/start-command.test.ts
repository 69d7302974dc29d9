/** `npm start` as a new user runs it: a new data folder is filled by a child process, then served; a restart opens it as it is. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';

const REPO = new URL('../..', import.meta.url).pathname;

/** Starts bin/start.ts; resolves with its port and every line it printed until it listened, then a function that stops it. */
function start(dataDir: string): Promise<{ port: number; lines: string[]; stop: () => Promise<void> }> {
  const { DATABASE_URL: _server, ...env } = process.env;
  const child = spawn(process.execPath, ['bin/start.ts'], {
    cwd: REPO,
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const port = /demo site: http:\/\/[^/]+:(\d+)\//.exec(line)?.[1];
      if (port) resolve({ port: Number(port), lines: [...lines], stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`bin/start.ts exited (${code}) before listening:\n${lines.join('\n')}`)),
    );
  });
}

const page = (port: number, url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { host: 'localhost' } });

t.test('the first start fills a new data folder in a child process and serves it; a restart opens it', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'start-command-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));

  const first = await start(dataDir);
  t.teardown(first.stop);
  t.ok(existsSync(path.join(dataDir, 'db', 'PG_VERSION')), 'the database is in DATA_DIR/db');
  t.ok(
    first.lines.some((line) => line === 'demo site created'),
    'bin/db.ts seed loaded the demo site',
  );
  const home = await page(first.port, '/');
  t.equal(home.status, 200);
  t.match(await home.text(), /Fernwood Coffee &amp; Home/);
  t.equal((await page(first.port, '/shop/stoneware-mug')).status, 200);
  await first.stop();

  const again = await start(dataDir);
  t.teardown(again.stop);
  t.notOk(
    again.lines.some((line) => line.startsWith('migrations') || line === 'demo site created'),
    'a restart prepares nothing in a child',
  );
  t.equal((await page(again.port, '/shop/stoneware-mug')).status, 200, 'and serves what the first start made');
});
