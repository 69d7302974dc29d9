import t from 'tap';
import {
  fetchTagData,
  loadTemplatePackage,
  planTagData,
  renderWithTagData,
  TagDataStore,
  TagPlanMemo,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';
import { FIXTURE, fakeDataSource, loadPackage, pageContext } from './package-helpers.ts';

const pkg: TemplatePackage = await loadTemplatePackage(FIXTURE);

t.test('the plan of a layout: literal attributes, through blocks and regions', async (t) => {
  t.same(planTagData(pkg, pkg.layouts.get('default')!.template, pageContext), [
    { kind: 'navigation', navigationId: 'mainNav' },
    { kind: 'block-field', id: 'sidebar', columns: 12 },
    { kind: 'navigation', navigationId: 'footerNav' },
  ]);
});

t.test('the plan resolves template-syntax attributes against the page context', async (t) => {
  t.same(planTagData(pkg, pkg.collections.get('blog')!.list!, pageContext), [
    { kind: 'category', collection: 'blog' },
    { kind: 'query', collection: 'blog', limit: 2, skip: 0, featured: true, tag: null, category: null },
  ]);
});

t.test('one pass when the plan has everything: each request fetched once, before the render', async (t) => {
  const { source, calls } = fakeDataSource();
  const layout = pkg.layouts.get('default')!.template;
  const result = await renderWithTagData(pkg, layout, pageContext, source);
  t.same(result.errors, []);
  t.same(result.missing, []);
  t.equal(result.passes, 1);
  t.equal(calls.length, 3);
  t.match(result.output, '<nav><a href="/blog" class="active">Blog</a><a href="/about">About</a></nav>');
  t.match(
    result.output,
    '<div class="sqs-layout" data-type="block-field" data-block-field-id="sidebar"><p>Side</p></div>',
  );
  t.match(result.output, '<ul><li>Contact</li><li>Legal</li></ul>');

  const list = await renderWithTagData(pkg, pkg.collections.get('blog')!.list!, pageContext, source);
  t.equal(list.passes, 1);
  t.match(list.output, '<ul class="categories"><li>News</li><li>Notes</li></ul>');
  t.match(list.output, '<ul class="featured"><li>Hello</li><li>Pinned</li></ul>');
});

t.test('sections are followed: an attribute resolved in the scope the section opens', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page':
      '{.section collection}<squarespace:category collection="{urlId}">{.repeated section categories}{@}{.end}</squarespace:category>{.end}' +
      '{.section nothing}<squarespace:query collection="never">x</squarespace:query>{.end}',
  });
  const template = loaded.pages.get('t')!.template;
  t.same(
    planTagData(loaded, template, pageContext),
    [{ kind: 'category', collection: 'blog' }],
    'a section that is not entered asks for nothing',
  );
  const { source, calls } = fakeDataSource();
  const result = await renderWithTagData(loaded, template, pageContext, source);
  t.equal(result.output, 'NewsNotes');
  t.equal(result.passes, 1);
  t.equal(calls.length, 1);
});

t.test('what the plan cannot know is fetched after a first pass, then rendered right', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page': [
      '<squarespace:query collection="sections">{.repeated section items}',
      '  {title}: <squarespace:query collection="{urlId}" limit="1">{.repeated section items}{title}{.end}</squarespace:query>',
      '{.end}</squarespace:query>',
      '{.repeated section teams}<squarespace:query collection="{@}" limit="2">{.repeated section items}<{title}>{.end}</squarespace:query>{.end}',
    ].join('\n'),
  });
  t.same(loaded.errors, []);
  const template = loaded.pages.get('t')!.template;
  const context = { teams: ['team'] };
  t.same(
    planTagData(loaded, template, context).map((r) => r.kind === 'query' && r.collection),
    ['sections'],
    'inside a query body or a repeated section the scope is only known while rendering',
  );
  const { source, calls } = fakeDataSource();
  const result = await renderWithTagData(loaded, template, context, source);
  t.same(result.errors, []);
  t.equal(result.passes, 2);
  t.same(
    calls.map((r) => r.kind === 'query' && r.collection),
    ['sections', 'blog', 'team'],
  );
  t.equal(result.output, '\nBlog section: Hello\n\n<Ann><Bob>');
});

t.test('data that needs yet another pass: bounded, then reported where the tag stands', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page':
      '<squarespace:query collection="sections">{.repeated section items}<squarespace:query collection="{urlId}">{.repeated section items}\n' +
      '<squarespace:navigation navigationId="{title}">{.repeated section items}{title}{.end}</squarespace:navigation>{.end}</squarespace:query>{.end}</squarespace:query>',
  });
  t.same(loaded.errors, []);
  const template = loaded.pages.get('t')!.template;
  const { source } = fakeDataSource();
  const shallow = await renderWithTagData(loaded, template, {}, source, { maxPasses: 2 });
  t.equal(shallow.passes, 2);
  t.same(
    shallow.errors.map((e) => [e.code, e.file, e.line, e.column]),
    [['TAG_DATA_MISSING', 'pages/t.page', 2, 1]],
  );
  const deep = await renderWithTagData(loaded, template, {}, source);
  t.equal(deep.passes, 3);
  t.same(deep.errors, []);
});

t.test('an answer of "nothing there" is an answer: not asked again', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page': '<squarespace:query collection="missing">[{.repeated section items}x{.end}]</squarespace:query>',
  });
  const { source, calls } = fakeDataSource();
  const result = await renderWithTagData(loaded, loaded.pages.get('t')!.template, {}, source);
  t.equal(result.output, '[]');
  t.equal(result.passes, 1);
  t.equal(calls.length, 1);
});

t.test('data fetched for one render serves the next without fetching', async (t) => {
  const { source, calls } = fakeDataSource();
  const layout = pkg.layouts.get('default')!.template;
  const first = await renderWithTagData(pkg, layout, pageContext, source);
  const again = await renderWithTagData(pkg, layout, pageContext, source, { tagData: first.tagData });
  t.equal(again.output, first.output);
  t.equal(calls.length, 3);
});

t.test('fetchTagData asks only for what the store lacks, in parallel', async (t) => {
  const { source, calls } = fakeDataSource();
  const store = new TagDataStore();
  const nav = { kind: 'navigation', navigationId: 'mainNav' } as const;
  await fetchTagData(source, [nav, nav, { kind: 'folder-navigation' }], store);
  t.equal(calls.length, 2);
  t.equal(store.size, 2);
  await fetchTagData(source, [nav], store);
  t.equal(calls.length, 2);
  t.same(store.get(nav)?.items.length, 2);
});

t.test('a failing data source rejects the render: an outage is not a template problem', async (t) => {
  const { source } = fakeDataSource();
  const failing = { ...source, navigation: async () => Promise.reject(new Error('database down')) };
  await t.rejects(renderWithTagData(pkg, pkg.layouts.get('default')!.template, pageContext, failing), /database down/);
});

t.test('planning ends for blocks that apply themselves', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'blocks/loop.block':
      '<squarespace:navigation navigationId="mainNav">n</squarespace:navigation>{@|apply loop.block}{@|apply loop.block}',
    'pages/t.page': '{@|apply loop.block}',
  });
  t.same(planTagData(loaded, loaded.pages.get('t')!.template, {}), [{ kind: 'navigation', navigationId: 'mainNav' }]);
});

t.test('a plan memo: the next render of the page fetches what the last one asked, in one pass', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page': [
      '<squarespace:query collection="sections">{.repeated section items}',
      '  {title}: <squarespace:query collection="{urlId}" limit="1">{.repeated section items}{title}{.end}</squarespace:query>',
      '{.end}</squarespace:query>',
    ].join('\n'),
  });
  const template = loaded.pages.get('t')!.template;
  const planMemo = new TagPlanMemo();
  const options = { planMemo, planKey: 'site|sections' };
  const first = await renderWithTagData(loaded, template, {}, fakeDataSource().source, options);
  t.equal(first.passes, 2, 'the nested query is only found by rendering');
  const { source, calls } = fakeDataSource();
  const again = await renderWithTagData(loaded, template, {}, source, options);
  t.equal(again.passes, 1, 'the memo names the nested query too');
  t.equal(again.output, first.output);
  t.same(
    calls.map((r) => r.kind === 'query' && r.collection),
    ['sections', 'blog'],
  );
  const other = await renderWithTagData(loaded, template, {}, fakeDataSource().source, {
    planMemo,
    planKey: 'site|other',
  });
  t.equal(other.passes, 2, 'another page has a memo of its own');
});

t.test('a stale plan memo costs a pass, never a wrong page', async (t) => {
  const loaded = await loadPackage(t, {
    'site.region': 'x',
    'pages/t.page':
      '{.section show}<squarespace:query collection="blog" limit="1">{.repeated section items}{title}{.end}</squarespace:query>{.end}',
  });
  const template = loaded.pages.get('t')!.template;
  const planMemo = new TagPlanMemo();
  const options = { planMemo, planKey: 'site|page' };
  const hidden = await renderWithTagData(loaded, template, { show: false }, fakeDataSource().source, options);
  t.equal(hidden.output, '');
  const shown = await renderWithTagData(loaded, template, { show: true }, fakeDataSource().source, options);
  t.equal(shown.output, 'Hello', 'the query the memo did not name is fetched after a first pass');
  t.equal(shown.passes, 2);
  const { source, calls } = fakeDataSource();
  const hiddenAgain = await renderWithTagData(loaded, template, { show: false }, source, options);
  t.equal(hiddenAgain.output, '', 'what the memo names beyond the page is fetched and left unused');
  t.equal(calls.length, 1);
});
