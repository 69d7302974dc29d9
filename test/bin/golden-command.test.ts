/**
 * `jsont golden`: the demo site through the default package matches
 * fixtures/pages (our own page-level golden files, which
 * `npm run fixtures:update` writes with the same command), and --check finds
 * what changed, went missing or is left over.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import t from 'tap';
import { openDemoSiteServer } from '../../bin/demo-site-server.ts';
import { goldenName, goldenSitePages } from '../../bin/golden-command.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;
const FIXTURES = new URL('../../fixtures/pages', import.meta.url).pathname;

t.test('page names become file names', async (t) => {
  t.equal(goldenName('/'), 'home');
  t.equal(goldenName('/shop/stoneware-mug'), 'shop--stoneware-mug');
  t.equal(goldenName('/search?q=coffee'), 'search--q-coffee');
  t.equal(goldenName('/journal?tag=house%20blend'), 'journal--tag-house-blend');
});

t.test('the demo site', async (t) => {
  const site = await openDemoSiteServer(DEFAULT_TEMPLATE);
  t.teardown(() => site.close());

  t.test('every route renders as its file in fixtures/pages', async (t) => {
    const lines: string[] = [];
    const differences = await goldenSitePages(site, FIXTURES, { check: true }, (line) => lines.push(line));
    t.equal(differences, 0, `${lines.join('\n')}\n(npm run fixtures:update writes them after an intended change)`);
    t.same(site.takeLogs(), [], 'nothing was logged at warn level or above');
  });

  t.test('edited, removed or extra files are differences', async (t) => {
    const dir = t.testdir();
    await cp(FIXTURES, dir, { recursive: true });
    const home = await readFile(`${dir}/home.html`, 'utf8');
    t.match(home, /^<!-- \/ 200 -->\n<!doctype html>/i, 'each file says its page and status');
    t.match(home, '/islands/main-HASH.js', 'the bundle hash is normalized');
    await writeFile(`${dir}/home.html`, home.replace('Fernwood', 'Birchwood'));
    await rm(`${dir}/cart.html`);
    await writeFile(`${dir}/old-page.html`, 'gone');
    const lines: string[] = [];
    t.equal(await goldenSitePages(site, dir, { check: true }, (line) => lines.push(line)), 3);
    t.ok(
      lines.some((line) => line.startsWith('home.html: differs (/)') && line.includes('Birchwood')),
      'the changed page, with a diff',
    );
    t.ok(lines.includes('cart.html: missing (/cart)'));
    t.ok(lines.includes('old-page.html: no page renders it any more'));
    t.match(lines.at(-1), /^\d+ pages compared with .*; 3 differ$/);
  });
});
