import t, { type Test } from 'tap';
import { Engine } from '../../engine/index.ts';
import {
  renderPackageTemplate,
  type TagDataRequest,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';
import { packageRegistry } from '../../renderer/template-package/package-registry.ts';
import { loadPackage, pageContext, type SiteData, siteData, storeFor } from './package-helpers.ts';

const NAV_BLOCK = '{.repeated section items}[{collection.navigationTitle}{.section active}*{.end}]{.end}';

/** A package whose page `t` is `page`, with a navigation block and the given extra files. */
async function pagePackage(t: Test, page: string, files: Record<string, string> = {}): Promise<TemplatePackage> {
  return loadPackage(t, {
    'site.region': '{squarespace.main-content}',
    'blocks/nav.block': NAV_BLOCK,
    'pages/t.page': page,
    ...files,
  });
}

/**
 * Renders page `t` once to learn what tag data it asks for, then again with those answers:
 * returns the second render and the requests, so each test sees output and data needs.
 */
function renderAnswered(pkg: TemplatePackage, context: unknown = pageContext, data: SiteData = siteData) {
  const template = pkg.pages.get('t')!.template;
  const requests: TagDataRequest[] = [];
  let result = renderPackageTemplate(pkg, template, context);
  for (let pass = 0; pass < 4 && result.missing.length > 0; pass++) {
    requests.push(...result.missing.map((m) => m.request));
    result = renderPackageTemplate(pkg, template, context, { tagData: storeFor(requests, data) });
  }
  return { output: result.output, errors: result.errors, requests };
}

t.test('navigation: self-closing with a block, or inline', async (t) => {
  const pkg = await pagePackage(
    t,
    [
      '<squarespace:navigation navigationId="mainNav" template="nav"/>',
      '<squarespace:navigation navigationId="mainNav">{.repeated section items}({collection.fullUrl}){.end}</squarespace:navigation>',
      '<squarespace:navigation navigationId="mainNav" template="nav.block"></squarespace:navigation>',
    ].join('|'),
  );
  t.same(pkg.errors, []);
  const { output, errors, requests } = renderAnswered(pkg);
  t.same(errors, []);
  t.equal(output, '[Blog*][About]|(/blog)(/about)|[Blog*][About]');
  t.same(requests, [{ kind: 'navigation', navigationId: 'mainNav' }], 'one request, however many tags use it');
});

t.test('navigation with no data renders its content with no items', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:navigation navigationId="mainNav">[{.repeated section items}x{.or}none{.end}]</squarespace:navigation>',
  );
  const { output } = renderAnswered(pkg, pageContext, {});
  t.equal(output, '[none]');
});

t.test('query: content renders with items and collection in scope; featured, limit, skip, filters', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:query collection="blog" featured limit="1" skip="1" tag="a,b" category="News">{collection.urlId}:{.repeated section items}{title}{.end}/{website.siteTitle}</squarespace:query>',
  );
  t.same(pkg.errors, []);
  const { output, requests } = renderAnswered(pkg);
  t.equal(output, 'blog:Pinned/My Site', 'the enclosing scope stays visible');
  t.same(requests, [
    { kind: 'query', collection: 'blog', limit: 1, skip: 1, featured: true, tag: 'a,b', category: 'News' },
  ]);
});

t.test('query: featured="false" is off; no limit is null', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:query collection="blog" featured="false">{.repeated section items}{title},{.end}</squarespace:query>',
  );
  const { output, requests } = renderAnswered(pkg);
  t.equal(output, 'Hello,Later,Pinned,');
  t.match(requests[0], { featured: false, limit: null, skip: 0, tag: null, category: null });
});

t.test(
  'query: before its data arrives, or for an unknown collection, the content sees no items and no collection',
  async (t) => {
    const page =
      '{collection.title}|<squarespace:query collection="nope">[{collection.title}{.repeated section items}x{.or}empty{.end}]</squarespace:query>';
    const pkg = await pagePackage(t, page);
    const first = renderPackageTemplate(pkg, pkg.pages.get('t')!.template, pageContext);
    t.equal(first.output, 'Blog|[empty]', "the page's collection does not leak into the query");
    t.same(
      first.missing.map((m) => m.request.kind),
      ['query'],
    );
    t.equal(renderAnswered(pkg).output, 'Blog|[empty]');
  },
);

t.test('attributes with template syntax are evaluated where the tag stands', async (t) => {
  const pkg = await pagePackage(
    t,
    [
      '<squarespace:query collection="{collection.urlId}" limit="{items|count}">{.repeated section items}{title}{.end}</squarespace:query>',
      '{.section collection}<squarespace:category collection="{urlId}">{.repeated section categories}{@};{.end}</squarespace:category>{.end}',
      '{.repeated section sections}<squarespace:query collection="{key}" limit="1">{.repeated section items}<{title}>{.end}</squarespace:query>{.end}',
    ].join('|'),
  );
  t.same(pkg.errors, []);
  const context = { ...pageContext, sections: [{ key: 'team' }, { key: 'blog' }] };
  const { output, requests } = renderAnswered(pkg, context);
  t.equal(output, 'HelloLater|News;Notes;|<Ann><Hello>');
  t.same(
    requests.map((r) => (r.kind === 'query' ? `${r.collection}/${r.limit}` : JSON.stringify(r))),
    ['blog/2', '{"kind":"category","collection":"blog"}', 'team/1', 'blog/1'],
  );
});

t.test('a value from template syntax is checked when it renders', async (t) => {
  const pkg = await pagePackage(t, 'a\n  <squarespace:query collection="blog" limit="{n}">x</squarespace:query>b');
  t.same(pkg.errors, []);
  const result = renderPackageTemplate(pkg, pkg.pages.get('t')!.template, { n: 500 });
  t.equal(result.output, 'a\nb');
  t.same(
    result.errors.map((e) => [e.code, e.file, e.line, e.column]),
    [['BAD_ATTRIBUTE_VALUE', 'pages/t.page', 2, 47]],
  );
  t.match(result.errors[0]!.message, 'must be a whole number from 1 to 100');
});

t.test('the same tag nested in its own content', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:query collection="sections">{.repeated section items}{title}: <squarespace:query collection="{urlId}" limit="2">{.repeated section items}{title};{.end}</squarespace:query>{.end}</squarespace:query>',
  );
  t.same(pkg.errors, []);
  const { output, requests } = renderAnswered(pkg);
  t.equal(output, 'Blog section: Hello;Later;');
  t.same(
    requests.map((r) => (r.kind === 'query' ? r.collection : r.kind)),
    ['sections', 'blog'],
    'the inner query is only known once the outer one has data',
  );
});

t.test('attribute values may hold > and quotes', async (t) => {
  const pkg = await pagePackage(
    t,
    `<squarespace:query collection="blog" tag="a>b" category='{.if x}>"{x}"{.end}'>{.repeated section items}{title}{.end}</squarespace:query>`,
  );
  t.same(pkg.errors, []);
  const { requests } = renderAnswered(pkg, { ...pageContext, x: 'q' });
  t.match(requests[0], { tag: 'a>b', category: '>"q"' });
});

t.test('block-field: the field HTML in its layout wrapper', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:block-field id="sidebar" columns="12"/><squarespace:block-field id="{fieldId}" columns="1" lock-layout="true"/><squarespace:block-field id="empty" class="home wide" label="Home content">',
  );
  t.same(pkg.errors, []);
  const { output, requests } = renderAnswered(pkg, { fieldId: 'a"b' });
  t.equal(
    output,
    '<div class="sqs-layout" data-type="block-field" data-block-field-id="sidebar"><p>Side</p></div>' +
      '<div class="sqs-layout" data-type="block-field" data-block-field-id="a&quot;b"></div>' +
      '<div class="sqs-layout home wide" data-type="block-field" data-block-field-id="empty"></div>',
  );
  t.same(requests, [
    { kind: 'block-field', id: 'sidebar', columns: 12 },
    { kind: 'block-field', id: 'a"b', columns: 1 },
    { kind: 'block-field', id: 'empty', columns: 12 },
  ]);
});

t.test('script: a deferred script tag with the content hash; the URL can be chosen', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:script src="site.js" combo="true"/><squarespace:script src="lib/{name}.js"/>',
    {
      'scripts/site.js': 'one()',
      'scripts/lib/extra.js': 'two()',
    },
  );
  t.same(pkg.errors, []);
  const site = pkg.staticFiles.get('scripts/site.js')!;
  const extra = pkg.staticFiles.get('scripts/lib/extra.js')!;
  const template = pkg.pages.get('t')!.template;
  const result = renderPackageTemplate(pkg, template, { name: 'extra' });
  t.same(result.missing, [], 'scripts need no data');
  t.equal(
    result.output,
    `<script src="/scripts/site.js?v=${site.hash}" defer></script><script src="/scripts/lib/extra.js?v=${extra.hash}" defer></script>`,
  );
  const cdn = renderPackageTemplate(
    pkg,
    template,
    { name: 'extra' },
    { assetUrl: (f) => `https://cdn.test/${f.hash}/${f.path}` },
  );
  t.match(cdn.output, `<script src="https://cdn.test/${site.hash}/scripts/site.js" defer></script>`);
  const missing = renderPackageTemplate(pkg, template, { name: 'gone' });
  t.equal(missing.output, `<script src="/scripts/site.js?v=${site.hash}" defer></script>`);
  t.match(missing.errors, [{ code: 'UNKNOWN_SCRIPT', file: 'pages/t.page', line: 1, column: 49 }]);
});

t.test('folder-navigation: the current folder; nothing outside a folder', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:folder-navigation template="nav"/>|<squarespace:folder-navigation>{.repeated section items}{collection.fullUrl}{.end}</squarespace:folder-navigation>',
  );
  t.same(pkg.errors, []);
  t.equal(renderAnswered(pkg).output, '[Blog]|/blog');
  t.equal(renderAnswered(pkg, pageContext, {}).output, '|');
});

t.test('category: the named collection, else the page collection', async (t) => {
  const pkg = await pagePackage(
    t,
    '<squarespace:category collection="blog" template="cats"/>|<squarespace:category>{.repeated section categories}{@}{.end}</squarespace:category>',
    { 'blocks/cats.block': '{.repeated section categories}<{@}>{.end}' },
  );
  t.same(pkg.errors, []);
  const { output, requests } = renderAnswered(pkg);
  t.equal(output, '<News><Notes>|Own');
  t.same(requests, [
    { kind: 'category', collection: 'blog' },
    { kind: 'category', collection: null },
  ]);
});

t.test('a page may run at most 8 distinct queries', async (t) => {
  const tags = Array.from({ length: 9 }, (_, i) => `<squarespace:query collection="c${i}">q</squarespace:query>`);
  const pkg = await pagePackage(t, `${tags.join('')}<squarespace:query collection="c0">again</squarespace:query>`);
  const result = renderPackageTemplate(pkg, pkg.pages.get('t')!.template, {});
  t.equal(result.output, `${'q'.repeat(8)}again`);
  t.match(result.errors, [{ code: 'TOO_MANY_QUERIES', line: 1, column: 1 + tags[0]!.length * 8 }]);
  t.equal(result.missing.length, 8);
});

t.test('tags inside JSON-T comments are ignored', async (t) => {
  const pkg = await pagePackage(t, '{## <squarespace:query collection="x">{.section}</squarespace:query> ##}ok');
  t.same(pkg.errors, []);
  t.equal(renderAnswered(pkg).output, 'ok');
});

t.test('the tag formatter outside a package render reports an error instead of failing', async (t) => {
  const engine = new Engine(packageRegistry);
  const { template } = engine.compile('a{@|squarespace-tag 1}b', { file: 'x.html' });
  const result = engine.render(template, {});
  t.equal(result.output, 'ab');
  t.match(result.errors, [{ code: 'FORMATTER_FAILED', message: /rendered without its package/ }]);
});

t.test('a hand-written call naming no tag of the package reports an error', async (t) => {
  const pkg = await pagePackage(t, 'a{@|squarespace-tag 999}b');
  const result = renderPackageTemplate(pkg, pkg.pages.get('t')!.template, {});
  t.equal(result.output, 'ab');
  t.match(result.errors, [{ code: 'FORMATTER_FAILED', file: 'pages/t.page', message: /no squarespace tag 999/ }]);
});
