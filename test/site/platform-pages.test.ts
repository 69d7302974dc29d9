/**
 * A package without a template for regular pages: the platform renders
 * them, as Squarespace does, with the page's blocks as the main content.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import t, { type Test } from 'tap';
import { CRUMB } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;
// A fixed crumb: the form carries the visitor's, which would otherwise differ between two renders.
const HEADERS = { host: 'localhost', cookie: `crumb=${CRUMB}` };

/** The demo site served through a copy of the default package that `edit` changed first. */
async function editedPackageApp(t: Test, edit: (dir: string) => Promise<void>, options = { development: false }) {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  await edit(dir);
  const { app, warnings } = await openDemoApp(t, { templateDir: dir, development: options.development });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: HEADERS });
  return { get, warnings };
}

t.test('regular pages render from their blocks when the package has no page template', async (t) => {
  const { get, warnings } = await editedPackageApp(t, async (dir) => {
    await rm(`${dir}/collections/page.list`);
    await rm(`${dir}/collections/page.conf`);
  });
  const withTemplate = await openDemoApp(t);
  const reference = await withTemplate.app.inject({ method: 'GET', url: '/contact', headers: HEADERS });

  const contact = await get('/contact');
  t.equal(contact.statusCode, 200);
  t.match(contact.body, /<main[^>]*id="main-content"/, 'inside the layout');
  // The blocks are the same HTML the default template's page.list wraps.
  const form = /<form[^>]*data-form-id[\s\S]*?<\/form>/.exec(reference.body)?.[0];
  t.ok(form, 'the contact page has a form block');
  t.ok(contact.body.includes(form ?? '<no form>'), 'the form block, as the page template would show it');
  t.equal((await get('/')).statusCode, 200, 'the home page too');
  t.same(
    warnings.map((w) => w.template ?? w.msg),
    [],
    'nothing logged',
  );
});

t.test('collections and system pages a package has no template for are rendered by the platform', async (t) => {
  const { get, warnings } = await editedPackageApp(t, async (dir) => {
    for (const file of ['collections/products.list', 'collections/products.item', 'collections/products.conf']) {
      await rm(`${dir}/${file}`);
    }
    await rm(`${dir}/pages/cart.page`);
    // The package's own layout, so the page shows it is the package's frame around the platform's content.
    const layout = `${dir}/header.region`;
    await writeFile(
      layout,
      (await readFile(layout, 'utf8')).replace('<body class=', '<body data-package="copy" class='),
    );
  });
  for (const url of ['/shop', '/shop/stoneware-mug', '/cart']) {
    const page = await get(url);
    t.equal(page.statusCode, 200, `${url} answers`);
    t.match(page.body, 'data-package="copy"', `${url}: in the package's layout`);
  }
  t.match((await get('/shop')).body, /Stoneware Mug/, "the platform's product list");
  t.same(
    warnings.map((w) => w.template ?? w.msg),
    [],
    'nothing logged',
  );
});

async function withoutLayouts(dir: string) {
  const conf = `${dir}/template.conf`;
  const parsed = JSON.parse(await readFile(conf, 'utf8')) as { layouts: unknown };
  parsed.layouts = {};
  await writeFile(conf, JSON.stringify(parsed));
}

t.test('a page that cannot render logs why, at error level, with its route', async (t) => {
  const { get, warnings } = await editedPackageApp(t, withoutLayouts);
  const page = await get('/journal');
  t.equal(page.statusCode, 500);
  t.match(
    warnings.find((line) => line.msg === 'page could not be rendered'),
    { level: 50, route: '/journal', reason: /no layout/ },
  );
  t.notMatch(page.body, 'no layout', 'visitors are not shown why');
});

t.test('in development, a page that cannot render shows why', async (t) => {
  const { get } = await editedPackageApp(t, withoutLayouts, { development: true });
  const page = await get('/journal');
  t.equal(page.statusCode, 500);
  t.match(page.body, /<aside role="alert"[\s\S]*\/journal could not be rendered: [^<]*no layout/);
});
