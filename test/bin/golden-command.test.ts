/** `jsont golden`: writes every page kind's HTML, and --check finds what changed, went missing or is left over. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import t from 'tap';
import { goldenName, goldenPages } from '../../bin/golden-command.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;

t.test('page names become file names', async (t) => {
  t.equal(goldenName('/'), 'home');
  t.equal(goldenName('/shop/stoneware-mug'), 'shop--stoneware-mug');
  t.equal(goldenName('/search?q=coffee'), 'search--q-coffee');
});

t.test('written, then checked: the same; edited, removed or extra files are differences', async (t) => {
  const dir = t.testdir();
  const lines: string[] = [];
  const out = (line: string) => lines.push(line);
  t.equal(await goldenPages(DEFAULT_TEMPLATE, dir, { check: false }, out), 0);
  t.match(lines.at(-1), /^\d+ pages written to /);
  const home = await readFile(`${dir}/home.html`, 'utf8');
  t.match(home, /^<!-- \/ 200 -->\n<!doctype html>/i, 'each file says its page and status');
  t.match(home, '/islands/main-HASH.js', 'the bundle hash is normalized');
  t.equal(await goldenPages(DEFAULT_TEMPLATE, dir, { check: true }, out), 0, 'a second render is the same');

  await writeFile(`${dir}/home.html`, home.replace('Fernwood', 'Birchwood'));
  await rm(`${dir}/cart.html`);
  await writeFile(`${dir}/old-page.html`, 'gone');
  lines.length = 0;
  t.equal(await goldenPages(DEFAULT_TEMPLATE, dir, { check: true }, out), 3);
  t.ok(
    lines.some((line) => line.startsWith('home.html: differs (/)') && line.includes('Birchwood')),
    'the changed page, with a diff',
  );
  t.ok(lines.includes('cart.html: missing (/cart)'));
  t.ok(lines.includes('old-page.html: no page renders it any more'));
});
