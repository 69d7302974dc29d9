import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';

const HOOKS = new URL('../../bin/type-stripping-cache.ts', import.meta.url).pathname;
const CACHE_DIR = new URL('../../node_modules/.cache/sitebuilder-stripped/', import.meta.url).pathname;
// The project's own node, whatever the test process was started with.
const NODE = new URL('../../node_modules/.bin/node', import.meta.url).pathname;

t.test("a file is stripped once, then read from the cache as Node's stripping left it", async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stripped-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'greet.ts');
  // Unique, so no earlier run left it in the cache.
  const source = `const who: string = ${JSON.stringify(`run ${process.pid} ${Date.now()}`)};\nconsole.log(\`hello \${who}\`);\n`;
  writeFileSync(file, source);
  const run = async () =>
    (await promisify(execFile)(NODE, ['--import', HOOKS, file], { env: { ...process.env, NODE_OPTIONS: '' } })).stdout;
  const version = (await promisify(execFile)(NODE, ['-p', 'process.version'])).stdout.trim();
  t.match(await run(), /^hello run /);
  const cached = `${CACHE_DIR}${createHash('sha256').update(`${version}\0${source}`).digest('hex')}.js`;
  t.match(readFileSync(cached, 'utf8'), /const who {9}= /, 'the types blanked out, positions kept');
  // What the cache holds is what runs.
  writeFileSync(cached, "console.log('from the cache');\n");
  t.equal(await run(), 'from the cache\n');
  rmSync(cached);
});
