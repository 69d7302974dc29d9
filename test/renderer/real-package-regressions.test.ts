/**
 * What public template packages by other authors do that the renderer once
 * refused (issue 16, third-party-packages.test.ts): each case is a minimal
 * package written here that reproduces the construct, never a copy of theirs.
 */
import t from 'tap';
import { type PackageError, renderPackageTemplate } from '../../renderer/template-package/index.ts';
import { conf, loadPackage, pageContext } from './package-helpers.ts';

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

t.test("template.conf systemPartials: the platform's sqs-social-links is applied by name", async (t) => {
  const website = {
    socialAccounts: [
      { serviceName: 'instagram', profileUrl: 'https://www.instagram.com/a', screenname: 'a & b' },
      { serviceName: 'facebook', profileUrl: 'https://www.facebook.com/a?x=1&y=2' },
    ],
  };
  const site = '{.section website}{.if socialAccounts}<div class="social">{@|apply sqs-social-links}</div>{.end}{.end}';
  const pkg = await loadPackage(t, {
    'template.conf': conf(['site'], { systemPartials: ['sqs-social-links'] }),
    'site.region': site,
  });
  t.same(at(pkg.errors), []);
  const result = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, { ...pageContext, website });
  t.same(at(result.errors), []);
  t.match(
    result.output,
    /^<div class="social"><a href="https:\/\/www\.instagram\.com\/a" [^>]*class="sqs-svg-icon--wrapper instagram" aria-label="a &amp; b">/,
  );
  t.match(result.output, /<a href="https:\/\/www\.facebook\.com\/a\?x=1&amp;y=2" [^>]*aria-label="facebook">/);
  t.match(result.output, /xlink:href="#facebook-icon"/);
  t.equal(result.output.match(/<a /g)?.length, 2, 'one link per account');

  const without = await loadPackage(t, { 'site.region': site });
  const missing = renderPackageTemplate(without, without.layouts.get('default')!.template, { ...pageContext, website });
  t.match(missing.errors.map((e) => e.message).join('\n'), /sqs-social-links/, 'not declared: not there');
});

t.test('a system partial the platform does not have is not invented; a malformed list is a conf error', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': conf(['site'], { systemPartials: ['sqs-no-such-partial'] }),
    'site.region': 'x',
  });
  t.same(at(pkg.errors), []);
  t.notOk(Object.hasOwn(pkg.partials, 'sqs-no-such-partial'));
  const bad = await loadPackage(t, {
    'template.conf': conf(['site'], { systemPartials: 'sqs-social-links' }),
    'site.region': 'x',
  });
  t.match(at(bad.errors), [/^template\.conf:\d+:\d+ BAD_CONF$/]);
});

t.test("template.conf systemPartials: sqs-share-buttons is the item's share buttons", async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': conf(['site'], { systemPartials: ['sqs-share-buttons'] }),
    'site.region': '{.section item}{@|apply sqs-share-buttons}{.end}',
  });
  t.same(at(pkg.errors), []);
  const item = { title: 'First', fullUrl: '/blog/first', recordType: 1, systemDataId: 'abc', assetUrl: '/a.jpg' };
  const website = { shareButtonOptions: { facebook: true } };
  const result = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, { ...pageContext, item, website });
  t.same(at(result.errors), []);
  t.match(result.output, /^<div class="squarespace-social-buttons button-style" [^>]*data-full-url="\/blog\/first"/);
});
