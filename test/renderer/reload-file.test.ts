import { rmSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {
  loadTemplatePackage,
  reloadFile,
  renderPackageTemplate,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';
import { fixtureCopy, pageContext, storeFor, writeFile } from './package-helpers.ts';

const layoutOutput = (pkg: TemplatePackage) =>
  renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, pageContext).output;

const where = (pkg: TemplatePackage) => pkg.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`);

t.test('a good edit replaces the file; other files stay the same objects', async (t) => {
  const dir = fixtureCopy(t);
  const before = await loadTemplatePackage(dir);
  writeFile(dir, 'blocks/site-title.block', '<h1 class="new">{website.siteTitle}</h1>');
  const after = await reloadFile(before, 'blocks/site-title.block');
  t.same(after.errors, []);
  t.match(layoutOutput(after), '<h1 class="new">My Site</h1>');
  t.match(layoutOutput(before), '<h1 class="site-title">', 'the earlier snapshot is untouched');
  t.equal(after.pages.get('about')!.template, before.pages.get('about')!.template);
  t.equal(after.layouts.get('default')!.template, before.layouts.get('default')!.template, 'layouts not recompiled');
});

t.test('an edit with a syntax error keeps the last good version and reports the error', async (t) => {
  const dir = fixtureCopy(t);
  const good = await loadTemplatePackage(dir);
  writeFile(dir, 'blocks/site-title.block', '<h1>\n  {.section website}{siteTitle}\n</h1>');
  const broken = await reloadFile(good, 'blocks/site-title.block');
  t.same(where(broken), ['blocks/site-title.block:2:3 UNCLOSED_BLOCK']);
  t.same(broken.stale, ['blocks/site-title.block']);
  t.equal(broken.blocks.get('site-title.block'), good.blocks.get('site-title.block'));
  t.match(layoutOutput(broken), '<h1 class="site-title"><a href="/">My Site</a></h1>');

  writeFile(dir, 'blocks/site-title.block', '<h1>\n  {.section website}{siteTitle}{.end}\n</h1>');
  const fixed = await reloadFile(broken, 'blocks/site-title.block');
  t.same(fixed.errors, []);
  t.same(fixed.stale, []);
  t.match(layoutOutput(fixed), '<h1>\nMy Site\n</h1>');
});

t.test('a region edit with an error keeps the layout that worked', async (t) => {
  const dir = fixtureCopy(t);
  const good = await loadTemplatePackage(dir);
  writeFile(dir, 'site.region', '<main>\n\n  {squarespace.main-content|nope}</main>\n');
  const broken = await reloadFile(good, 'site.region');
  t.same(where(broken), ['site.region:3:29 UNKNOWN_FORMATTER']);
  t.equal(broken.layouts.get('default')!.template, good.layouts.get('default')!.template);
  t.match(layoutOutput(broken), '<main data-content-field="main-content"><p>Hello</p></main>');
});

t.test('a squarespace tag mistake counts as an error too', async (t) => {
  const dir = fixtureCopy(t);
  const good = await loadTemplatePackage(dir);
  writeFile(dir, 'collections/blog.list', '<squarespace:query collection="blog" limit="500">x</squarespace:query>');
  const broken = await reloadFile(good, 'collections/blog.list');
  t.same(where(broken), ['collections/blog.list:1:45 BAD_ATTRIBUTE_VALUE']);
  const list = broken.collections.get('blog')!.list!;
  t.equal(list, good.collections.get('blog')!.list);
  const store = storeFor([
    { kind: 'category', collection: 'blog' },
    { kind: 'query', collection: 'blog', limit: 2, skip: 0, featured: true, tag: null, category: null },
  ]);
  t.match(
    renderPackageTemplate(broken, list, pageContext, { tagData: store }).output,
    '<ul class="featured"><li>Hello</li>',
  );
});

t.test('content read by the caller is what compiles, whatever the disk holds by then', async (t) => {
  const dir = fixtureCopy(t);
  const start = await loadTemplatePackage(dir);
  // The watcher read the file before a newer write began; that write's half must not be compiled.
  writeFile(dir, 'blocks/site-title.block', '<h1>\n  {.section website}');
  const settled = Buffer.from('<h1 class="read">{website.siteTitle}</h1>');
  const next = await reloadFile(start, 'blocks/site-title.block', settled);
  t.same(next.errors, []);
  t.match(layoutOutput(next), '<h1 class="read">My Site</h1>');

  const gone = await reloadFile(next, 'blocks/site-title.block', 'absent');
  t.notOk(gone.blocks.has('site-title.block'), "'absent' removes the file though it is still on disk");
});

t.test('a file that never compiled is replaced by each new version', async (t) => {
  const dir = fixtureCopy(t);
  writeFile(dir, 'pages/about.page', '{.section x}');
  const bad = await loadTemplatePackage(dir);
  t.same(where(bad), ['pages/about.page:1:1 UNCLOSED_BLOCK']);
  writeFile(dir, 'pages/about.page', '\n{.end}');
  const stillBad = await reloadFile(bad, 'pages/about.page');
  t.same(where(stillBad), ['pages/about.page:2:1 UNEXPECTED_END'], 'no good version to fall back to');
  t.same(stillBad.stale, []);
  writeFile(dir, 'pages/about.page', 'fine');
  const good = await reloadFile(stillBad, 'pages/about.page');
  t.same(good.errors, []);
  t.equal(renderPackageTemplate(good, good.pages.get('about')!.template, {}).output, 'fine');
});

t.test('template.conf: a broken edit keeps the configuration in use', async (t) => {
  const dir = fixtureCopy(t);
  const good = await loadTemplatePackage(dir);
  writeFile(dir, 'template.conf', '{\n  "name": "Basic",\n  "layouts": {\n}');
  const broken = await reloadFile(good, 'template.conf');
  t.same(where(broken), ['template.conf:4:2 BAD_JSON']);
  t.equal(broken.conf, good.conf);
  t.same([...broken.layouts.keys()], ['default', 'bare']);
});

t.test('added and deleted files', async (t) => {
  const dir = fixtureCopy(t);
  const start = await loadTemplatePackage(dir);
  writeFile(dir, 'blocks/extra.block', 'extra');
  const added = await reloadFile(start, path.join('blocks', 'extra.block'));
  t.equal(renderPackageTemplate(added, added.blocks.get('extra.block')!, {}).output, 'extra');

  rmSync(path.join(dir, 'blocks', 'main-navigation.block'));
  const deleted = await reloadFile(added, 'blocks/main-navigation.block');
  t.notOk(deleted.blocks.has('main-navigation.block'));
  t.same(where(deleted), ['header.region:11:58 UNKNOWN_BLOCK'], 'what used it is reported');

  writeFile(dir, 'notes.txt', 'ignored');
  t.equal(await reloadFile(deleted, 'notes.txt'), deleted, 'files the format does not know change nothing');
});

t.test('a changed script gets a new hash without recompiling any template', async (t) => {
  const dir = fixtureCopy(t);
  const start = await loadTemplatePackage(dir);
  const compiles = start.stats.compiles;
  const oldHash = start.staticFiles.get('scripts/site.js')!.hash;
  writeFile(dir, 'scripts/site.js', 'changed()');
  const next = await reloadFile(start, './scripts/site.js');
  const newHash = next.staticFiles.get('scripts/site.js')!.hash;
  t.not(newHash, oldHash);
  t.match(layoutOutput(next), `<script src="/scripts/site.js?v=${newHash}" defer></script>`);
  t.equal(next.stats.compiles, compiles);
});
