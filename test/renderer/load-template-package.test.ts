import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {
  loadTemplatePackage,
  renderPackageTemplate,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';
import { FIXTURE, loadPackage, pageContext, storeFor } from './package-helpers.ts';

const pkg: TemplatePackage = await loadTemplatePackage(FIXTURE);

t.test('a valid package loads without errors', async (t) => {
  t.same(pkg.errors, []);
  t.same(pkg.stale, []);
  t.equal(pkg.dir, FIXTURE);
  t.match(pkg.conf, {
    name: 'Basic',
    author: 'Sitebuilder tests',
    navigations: [
      { title: 'Main Navigation', name: 'mainNav' },
      { title: 'Footer Navigation', name: 'footerNav' },
    ],
    stylesheets: ['site.less'],
    systemCollections: ['blog'],
  });
  t.equal((pkg.conf as Record<string, unknown>).useImageMeta, true, 'keys the loader does not use are kept');
});

t.test('layouts: regions in template.conf order, one compiled template each', async (t) => {
  t.same([...pkg.layouts.keys()], ['default', 'bare']);
  const layout = pkg.layouts.get('default')!;
  t.equal(layout.name, 'Default');
  t.same(layout.regions, ['header', 'site', 'footer']);
  const { output, errors } = renderPackageTemplate(pkg, layout.template, pageContext);
  t.same(errors, []);
  const header = output.indexOf('<header>');
  const main = output.indexOf('<main');
  const footer = output.indexOf('<footer>');
  t.ok(header > 0 && header < main && main < footer, 'header, then site, then footer');
  t.match(output, '<title>Blog — My Site</title>\n<meta name="generator" content="sitebuilder">');
  t.match(output, '<body id="collection-1" class="collection-type-blog">');
  t.match(output, '<main data-content-field="main-content"><p>Hello</p></main>');
  t.match(output, '<script>footer()</script>\n</body>\n</html>\n');
  const bare = renderPackageTemplate(pkg, pkg.layouts.get('bare')!.template, pageContext).output;
  t.notMatch(bare, '<main');
  t.match(bare, '<footer>');
});

t.test('blocks are partials that apply reaches by NAME.block', async (t) => {
  t.same([...pkg.blocks.keys()].sort(), [
    'category-list.block',
    'main-navigation.block',
    'site-title.block',
    'sub-nav.block',
  ]);
  t.equal(pkg.partials['site-title.block'], pkg.blocks.get('site-title.block'));
  const { output } = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, pageContext);
  t.match(output, '<header>\n<h1 class="site-title"><a href="/">My Site</a></h1>\n');
});

t.test('collections by kind, pages with their conf', async (t) => {
  t.same([...pkg.collections.keys()], ['blog']);
  const blog = pkg.collections.get('blog')!;
  t.match(blog.conf, {
    title: 'Blog',
    ordering: 'chronological',
    addText: 'Add Post',
    acceptTypes: ['text'],
    icon: 'journal',
  });
  t.ok(blog.list && blog.item);
  const item = renderPackageTemplate(pkg, blog.item!, pageContext, {
    tagData: storeFor([{ kind: 'folder-navigation' }]),
  });
  t.same(item.errors, []);
  t.equal(
    item.output,
    '<article><h1>First</h1><p>Body</p></article>\n<nav class="sub"><a href="/blog">Blog</a></nav>\n\n',
  );
  const about = pkg.pages.get('about')!;
  t.equal(about.name, 'about');
  t.same(about.conf, { title: 'About' });
});

t.test('static files: listed with size and content hash, not served', async (t) => {
  t.same([...pkg.staticFiles.keys()], ['assets/logo.svg', 'scripts/site.js', 'styles/site.less']);
  const script = pkg.staticFiles.get('scripts/site.js')!;
  const content = readFileSync(path.join(FIXTURE, 'scripts', 'site.js'));
  t.same(script, {
    path: 'scripts/site.js',
    absolutePath: path.join(FIXTURE, 'scripts', 'site.js'),
    size: content.byteLength,
    hash: createHash('sha256').update(content).digest('hex').slice(0, 16),
  });
});

t.test('files the format does not know are left out; so are hidden ones', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'README.md': '# notes',
    'collections/old/blog.list': '{.section}',
    '.git/config': '[core]',
    'blocks/.draft.block': '{.section}',
    'scripts/.hidden.js': '',
  });
  t.same(loaded.errors, []);
  t.same([...loaded.state.files.keys()], ['site.region', 'template.conf']);
});

t.test('a section may open in one region and close in another', async (t) => {
  const loaded = await loadPackage(t, {
    'template.conf': JSON.stringify({ name: 'T', layouts: { default: { name: 'D', regions: ['open', 'close'] } } }),
    'open.region': '{.section website}<div>',
    'close.region': '{siteTitle}</div>{.end}',
  });
  t.same(loaded.errors, []);
  const { output } = renderPackageTemplate(loaded, loaded.layouts.get('default')!.template, pageContext);
  t.equal(output, '<div>My Site</div>');
});

t.test('a region used by two layouts, or by none, is compiled and its errors reported once', async (t) => {
  const loaded = await loadPackage(t, {
    'template.conf': JSON.stringify({
      name: 'T',
      layouts: { a: { name: 'A', regions: ['shared'] }, b: { name: 'B', regions: ['shared', 'other'] } },
    }),
    'shared.region': '{a|nope}',
    'other.region': 'ok',
    'unused.region': '\n{.end}',
  });
  t.same(
    loaded.errors.map((e) => [e.file, e.line, e.column, e.code]),
    [
      ['shared.region', 1, 4, 'UNKNOWN_FORMATTER'],
      ['unused.region', 2, 1, 'UNEXPECTED_END'],
    ],
  );
});
