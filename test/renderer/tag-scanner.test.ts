import t from 'tap';
import { type ScannedTag, scanSquarespaceTags } from '../../renderer/template-package/tag-scanner.ts';

const scan = (source: string, noBody: readonly string[] = ['script', 'block-field']) =>
  scanSquarespaceTags(source, (name) => noBody.includes(name));

/** name[attr=value,...](children) for compact expectations. */
function shape(tags: readonly ScannedTag[]): string {
  return tags
    .map((tag) => {
      const attrs = tag.attributes.map((a) => `${a.name}=${a.value}`).join(',');
      const kids = tag.children.length > 0 ? `(${shape(tag.children)})` : '';
      const form = tag.stray ? '!' : tag.selfClosing ? '/' : tag.paired ? '' : '~';
      return `${tag.name}${form}[${attrs}]${kids}`;
    })
    .join(' ');
}

t.test('self-closing, paired and bare-attribute forms', async (t) => {
  const src =
    '<a><squarespace:script src="x.js"/> <squarespace:query collection=blog featured limit=\'3\'>b</squarespace:query>';
  const { tags, problems } = scan(src);
  t.same(problems, []);
  t.equal(shape(tags), 'script/[src=x.js] query[collection=blog,featured=,limit=3]');
  const query = tags[1]!;
  t.equal(src.slice(query.openEnd, query.closeStart), 'b');
  t.equal(
    src.slice(query.start, query.end),
    "<squarespace:query collection=blog featured limit='3'>b</squarespace:query>",
  );
  t.equal(src.slice(query.attributes[2]!.valueOffset, query.attributes[2]!.valueOffset + 1), '3');
});

t.test('nested tags of the same name pair with the nearest opening', async (t) => {
  const src =
    '<squarespace:query collection="a">[<squarespace:query collection="b">in</squarespace:query>]</squarespace:query>';
  const { tags, problems } = scan(src);
  t.same(problems, []);
  t.equal(shape(tags), 'query[collection=a](query[collection=b])');
  const inner = tags[0]!.children[0]!;
  t.equal(src.slice(inner.openEnd, inner.closeStart), 'in');
  t.equal(
    src.slice(tags[0]!.openEnd, tags[0]!.closeStart),
    '[<squarespace:query collection="b">in</squarespace:query>]',
  );
});

t.test('quoted values may hold >, the other quote, and template syntax with quotes', async (t) => {
  const src = `<squarespace:query collection="{c|apply "x"}" tag="a>b" category='say "hi"' limit="{.if n}>{.end}">x</squarespace:query>`;
  const { tags, problems } = scan(src);
  t.same(problems, []);
  t.same(
    tags[0]!.attributes.map((a) => a.value),
    ['{c|apply "x"}', 'a>b', 'say "hi"', '{.if n}>{.end}'],
  );
  t.equal(src.slice(tags[0]!.openEnd, tags[0]!.closeStart), 'x');
});

t.test('unquoted values may hold template syntax; they end at space, > or />', async (t) => {
  const { tags } = scan('<squarespace:category collection={collection.urlId}/><squarespace:script src=a/b.js>');
  t.equal(shape(tags), 'category/[collection={collection.urlId}] script~[src=a/b.js]');
});

t.test('tags inside JSON-T comments are not tags', async (t) => {
  const src = '{## <squarespace:nope/> ##}{# <squarespace:nope/> }<squarespace:script src="a.js"/>';
  t.equal(shape(scan(src).tags), 'script/[src=a.js]');
});

t.test('an unclosed paired tag is reported and stands alone; what followed goes back to its parent', async (t) => {
  const src = '<squarespace:query collection="a">\n<squarespace:script src="x.js"/>';
  const { tags, problems } = scan(src);
  t.equal(shape(tags), 'query~[collection=a] script/[src=x.js]');
  t.same(problems, [{ code: 'UNCLOSED_TAG', params: { name: 'query' }, offset: 0 }]);
});

t.test('tags that take no body may be left unclosed without a problem', async (t) => {
  const { tags, problems } = scan('<squarespace:block-field id="x" columns="12">after');
  t.equal(shape(tags), 'block-field~[id=x,columns=12]');
  t.same(problems, []);
});

t.test('a closing tag with no opening one is reported and marked stray', async (t) => {
  const src = 'a</squarespace:query>b<squarespace:query collection="x"></squarespace:navigation></squarespace:query>';
  const { tags, problems } = scan(src);
  t.equal(shape(tags), 'query![] query[collection=x](navigation![])');
  t.same(
    problems.map((p) => [p.code, p.offset]),
    [
      ['UNEXPECTED_CLOSE_TAG', 1],
      ['UNEXPECTED_CLOSE_TAG', src.indexOf('</squarespace:navigation>')],
    ],
  );
});

t.test('a closing tag that skips open ones closes them as unclosed', async (t) => {
  const src = '<squarespace:query collection="a"><squarespace:navigation navigationId="n">x</squarespace:query>';
  const { tags, problems } = scan(src);
  t.equal(shape(tags), 'query[collection=a](navigation~[navigationId=n])');
  t.same(problems, [
    { code: 'UNCLOSED_TAG', params: { name: 'navigation' }, offset: src.indexOf('<squarespace:navigation') },
  ]);
});

t.test('malformed tags are reported, never thrown', async (t) => {
  const cases: [string, RegExp][] = [
    ['<squarespace: x>', /expected a tag name/],
    ['<squarespace:query collection="a', /never closed/],
    ['<squarespace:query collection="a"', /never ended/],
    ['<squarespace:query collection=>x</squarespace:query>', /expected a value/],
    ['<squarespace:query "a">x</squarespace:query>', /unexpected '"'/],
    ['</squarespace:query', /expected >/],
  ];
  for (const [src, detail] of cases) {
    const { problems } = scan(src);
    t.ok(problems.length > 0, src);
    t.match(problems[0]!.params.detail, detail, src);
  }
});
