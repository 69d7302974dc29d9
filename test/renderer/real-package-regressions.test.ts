/**
 * What public template packages by other authors do that the renderer once
 * refused (issue 16, third-party-packages.test.ts): each case is a minimal
 * package written here that reproduces the construct, never a copy of theirs.
 */
import t from 'tap';
import { type PackageError, renderPackageTemplate } from '../../renderer/template-package/index.ts';
import { loadPackage, pageContext } from './package-helpers.ts';

const at = (errors: readonly PackageError[]) => errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`);

t.test("a system collection's .conf that only changes a setting needs no title", async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': '{squarespace.main-content}',
    'collections/page.conf': '{\n  "supportsVideoBackgrounds": true\n}\n',
    'collections/products.conf': '{ "systemCollectionVersion": "2.0" }',
  });
  t.same(at(pkg.errors), []);
  t.same(pkg.collections.get('page')!.conf, { supportsVideoBackgrounds: true });
  t.same(pkg.collections.get('products')!.conf, { systemCollectionVersion: '2.0' });
});

t.test("a collection .conf's title, when given, is still a string", async (t) => {
  const pkg = await loadPackage(t, { 'site.region': 'x', 'collections/shop.conf': '{ "title": 3 }' });
  t.same(at(pkg.errors), ['collections/shop.conf:1:12 BAD_CONF']);
});

t.test('<squarespace:block-field> may describe itself for the editor: no output, no error', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region':
      '<div><squarespace:block-field id="page-header" description="Page Header" label="Header" columns="12" /></div>',
  });
  t.same(at(pkg.errors), []);
  const result = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, pageContext);
  t.same(at(result.errors), []);
  t.notMatch(result.output, /Page Header|description=/, 'the description is not rendered');
});
