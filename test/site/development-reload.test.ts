import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { openDemoApp } from './demo-app.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;

/** Polls until `check` holds: the watcher reloads asynchronously. */
async function eventually(check: () => Promise<boolean>, what: string, show?: () => Promise<string>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}${show ? `\n${(await show()).slice(-3000)}` : ''}`);
}

t.test(
  'in development an edit shows at once, and a broken edit keeps the last good version with the error in the page',
  async (t) => {
    // Not t.testdir(): tap removes that folder before it runs teardowns, so while the
    // app still watched it, and its fixed path is shared with any other run of this
    // file on the machine. Teardowns run last-registered first, so this removal,
    // registered before the app opens, comes after the app has closed.
    const dir = await mkdtemp(path.join(tmpdir(), 'development-reload-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
    const { app } = await openDemoApp(t, { development: true, templateDir: dir });
    const get = async () => (await app.inject({ method: 'GET', url: '/shop', headers: { host: 'localhost' } })).body;
    const list = `${dir}/collections/products.list`;
    const original = await readFile(list, 'utf8');

    t.notMatch(await get(), /Template errors/, 'a clean package shows no errors');

    await writeFile(list, original.replace('</h1>', '</h1><p class="edited">Edited live</p>'));
    await eventually(async () => (await get()).includes('Edited live'), 'the edit to show');
    t.pass('the edit shows without a restart');

    // An unclosed section on a line of its own, after the file's opening comment.
    const lines = original.split('\n');
    const at = lines.findIndex((line) => line.startsWith('##}')) + 1;
    lines.splice(at, 0, '{.section nothing-closes-this}');
    await writeFile(list, lines.join('\n'));
    await eventually(async () => (await get()).includes('Template errors'), 'the error to show', get);
    const page = await get();
    t.match(page, new RegExp(`collections/products\\.list:${at + 1}:1 `), 'the error names file:line:col');
    t.match(page, /Edited live/, 'the last good version keeps serving');

    await writeFile(list, original);
    await eventually(async () => !(await get()).includes('Template errors'), 'the fix to show');
    t.notMatch(await get(), /Edited live/, 'the fixed file is what renders now');
  },
);
