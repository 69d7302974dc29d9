import { cp, readFile, writeFile } from 'node:fs/promises';
import t from 'tap';
import { openDemoApp } from './demo-app.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;

t.test('a page whose templates run too long is cut off with the error page, and the server goes on', async (t) => {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  // The shop's list loops over its products eight deep: billions of steps without a limit.
  const list = `${dir}/collections/products.list`;
  const loops = `{.var @all items}${'{.repeated section @all}'.repeat(8)}x${'{.end}'.repeat(8)}`;
  await writeFile(list, (await readFile(list, 'utf8')).replace('{.section items}', `${loops}{.section items}`));
  const { app, warnings } = await openDemoApp(t, { templateDir: dir, server: { renderTimeLimitMs: 200 } });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  const hostile = await get('/shop');
  t.equal(hostile.statusCode, 500);
  t.match(hostile.body, /Something went wrong/);
  t.notMatch(hostile.body, /xxxxxxxx/, 'none of the cut-off output is sent');
  t.ok(
    warnings.some((line) =>
      /rendering \/shop was stopped: Rendering took (longer than its time limit|more than \d+ steps)/.test(
        String((line.err as { message?: string } | undefined)?.message),
      ),
    ),
    'the log says which page and why',
  );
  t.equal((await get('/journal')).statusCode, 200, 'other pages are answered after it');
});
