import t from 'tap';
import {
  formatPackageError,
  loadTemplatePackage,
  type PackageError,
  renderPackageTemplate,
} from '../../renderer/template-package/index.ts';
import { conf, loadPackage, pageContext } from './package-helpers.ts';

const at = (errors: readonly PackageError[]) => errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`);

t.test('template.conf that is not JSON: the line and column of the problem; the rest still loads', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': [
      '{',
      '  "name": "T",',
      '  "layouts": {',
      '    "default": { "name": "D", "regions": ["site"] }',
      '  }',
      '  "navigations": []',
      '}',
    ].join('\n'),
    'site.region': 'x',
    'blocks/hello.block': 'Hello {name}',
    'pages/p.page': '{@|apply hello.block}',
  });
  t.same(at(pkg.errors), ['template.conf:6:3 BAD_JSON']);
  const [error] = pkg.errors;
  t.equal(error!.message, "Invalid JSON: expected ',' or '}' after a property value");
  t.equal(error!.snippet, '  "navigations": []\n  ^');
  t.equal(formatPackageError(error!), `template.conf:6:3 ${error!.message}\n  "navigations": []\n  ^`);
  t.equal(pkg.conf, undefined);
  t.equal(pkg.layouts.size, 0);
  t.equal(renderPackageTemplate(pkg, pkg.pages.get('p')!.template, { name: 'Ann' }).output, 'Hello Ann');
});

t.test('template.conf of the wrong shape: each problem at the value concerned', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': [
      '{',
      '  "name": "T",',
      '  "layouts": {',
      '    "default": { "name": "D",',
      '                 "regions": "site" }',
      '  },',
      '  "navigations": [{ "title": "Main" }]',
      '}',
    ].join('\n'),
    'site.region': 'x',
  });
  t.same(at(pkg.errors), ['template.conf:5:29 BAD_CONF', 'template.conf:7:19 BAD_CONF']);
  t.equal(
    pkg.errors[0]!.message,
    'Invalid template.conf: layouts.default.regions: Invalid input: expected array, received string',
  );
  t.match(pkg.errors[1]!.message, 'navigations[0].name');
});

t.test('an empty template.conf; a layout naming a region that does not exist; a missing stylesheet', async (t) => {
  const empty = await loadPackage(t, { 'template.conf': '' });
  t.same(at(empty.errors), ['template.conf:1:1 BAD_JSON']);
  const pkg = await loadPackage(t, {
    'template.conf': conf(['site', 'nope'], { stylesheets: ['base.css', 'gone.css'] }),
    'site.region': 'x',
    'styles/base.css': 'a{}',
  });
  t.same(at(pkg.errors), ['template.conf:8:9 UNKNOWN_REGION', 'template.conf:20:5 UNKNOWN_STYLESHEET']);
  t.equal(pkg.errors[0]!.message, "Layout 'default' names region 'nope', but there is no nope.region");
  t.equal(pkg.layouts.get('default')!.regions.length, 2, 'the layout keeps what it names');
});

t.test('a package without template.conf', async (t) => {
  const pkg = await loadTemplatePackage(t.testdir({ 'site.region': 'x' }));
  t.same(at(pkg.errors), ['template.conf:0:0 MISSING_TEMPLATE_CONF']);
  t.equal(formatPackageError(pkg.errors[0]!), 'template.conf The package has no template.conf');
});

t.test('a region with an unclosed section: reported in that region, at its line and column', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': conf(['header', 'site', 'footer']),
    'header.region': '<html>\n<body>\n<header>x</header>\n',
    'site.region': '<main>\n  {.section collection}\n  <h1>{title}</h1>\n</main>\n',
    'footer.region': '</body>\n</html>\n',
  });
  t.same(at(pkg.errors), ['site.region:2:3 UNCLOSED_BLOCK']);
  t.equal(pkg.errors[0]!.snippet, '  {.section collection}\n  ^');
});

t.test('a region that starts on the last line of the one before it', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': conf(['a', 'b']),
    'a.region': 'first\nab',
    'b.region': '{x|nope}\n{y|nope}',
  });
  t.same(at(pkg.errors), ['b.region:1:4 UNKNOWN_FORMATTER', 'b.region:2:4 UNKNOWN_FORMATTER']);
  t.equal(pkg.errors[0]!.snippet, '{x|nope}\n   ^');
});

t.test('errors after, inside and on a multi-line squarespace tag keep their file:line:col', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': [
      '<div>',
      '<squarespace:query collection="{name|bogus}"',
      '    limit="3">',
      '  {.repeated section items}{title|bad-formatter}{.end}',
      '</squarespace:query>  {after|nope}',
      '<p>{.section}</p> {late|worse}',
    ].join('\n'),
  });
  t.same(at(pkg.errors), [
    'site.region:2:38 UNKNOWN_FORMATTER',
    'site.region:4:35 UNKNOWN_FORMATTER',
    'site.region:5:30 UNKNOWN_FORMATTER',
    'site.region:6:25 UNKNOWN_FORMATTER',
  ]);
});

t.test('an unknown squarespace tag: an error at the tag; the rest of the file renders', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': 'a\n  <squarespace:widget kind="x">inside</squarespace:widget>b {c}',
  });
  t.same(at(pkg.errors), ['site.region:2:3 UNKNOWN_TAG']);
  t.equal(pkg.errors[0]!.message, 'Unknown tag <squarespace:widget>');
  const { output } = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, { c: 'C' });
  t.equal(output, 'a\nb C');
});

t.test('bad attributes are compile errors with positions', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': [
      '<squarespace:navigation template="nav"/>',
      '<squarespace:query collection="blog" limit="abc">x</squarespace:query>',
      '<squarespace:query collection="blog" limit="0">x</squarespace:query>',
      '<squarespace:query collection="blog" limit="101">x</squarespace:query>',
      '<squarespace:block-field id="f" columns="6"/>',
      '<squarespace:query collection="blog">x',
    ].join('\n'),
    'blocks/nav.block': '',
  });
  t.same(at(pkg.errors), [
    'site.region:1:1 MISSING_ATTRIBUTE',
    'site.region:2:45 BAD_ATTRIBUTE_VALUE',
    'site.region:3:45 BAD_ATTRIBUTE_VALUE',
    'site.region:4:45 BAD_ATTRIBUTE_VALUE',
    'site.region:5:42 BAD_ATTRIBUTE_VALUE',
    'site.region:6:1 UNCLOSED_TAG',
  ]);
  t.equal(pkg.errors[0]!.message, "<squarespace:navigation> needs a 'navigationId' attribute");
  t.equal(pkg.errors[4]!.message, "<squarespace:block-field> attribute 'columns': must be '1' or '12'");
});

t.test('what a tag names must exist: block, navigation, script', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': [
      '<squarespace:navigation navigationId="mainNav" template="missing"/>',
      '<squarespace:navigation navigationId="sideNav" template="nav"/>',
      '<squarespace:script src="nope.js"/>',
      '<squarespace:navigation navigationId="{dynamic}" template="{alsoDynamic}"/>',
    ].join('\n'),
    'blocks/nav.block': '',
  });
  t.same(at(pkg.errors), [
    'site.region:1:58 UNKNOWN_BLOCK',
    'site.region:2:39 UNKNOWN_NAVIGATION',
    'site.region:3:26 UNKNOWN_SCRIPT',
  ]);
  t.equal(
    pkg.errors[0]!.message,
    "<squarespace:navigation> uses template 'missing', but there is no blocks/missing.block",
  );
});

t.test('collection templates without their .conf, and a .conf that is not valid', async (t) => {
  const pkg = await loadPackage(t, {
    'site.region': 'x',
    'collections/blog.list': 'list',
    'collections/shop.conf': '{ "title": 3 }',
    'collections/shop.item': 'item',
  });
  t.same(at(pkg.errors), ['collections/blog.list:0:0 MISSING_COLLECTION_CONF', 'collections/shop.conf:1:12 BAD_CONF']);
  t.equal(pkg.collections.get('shop')!.conf, undefined);
  t.ok(pkg.collections.get('shop')!.item, 'the templates are still there');
});

t.test('render errors name the file they happen in: region, block, tag content', async (t) => {
  const pkg = await loadPackage(t, {
    'template.conf': conf(['header', 'site']),
    'header.region': '<head>\n</head>\n',
    'site.region':
      'a\n  {.inject @x nope.json}\n{@|apply b.block}\n<squarespace:navigation navigationId="mainNav">\n {.inject @y gone.json}</squarespace:navigation>',
    'blocks/b.block': 'b\n\n   {.inject @z missing.json}',
  });
  t.same(pkg.errors, []);
  const result = renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, pageContext);
  t.same(at(result.errors), [
    'site.region:2:3 UNKNOWN_INJECT',
    'blocks/b.block:3:4 UNKNOWN_INJECT',
    'site.region:5:2 UNKNOWN_INJECT',
  ]);
  t.equal(result.errors[1]!.snippet, '   {.inject @z missing.json}\n   ^');
});
