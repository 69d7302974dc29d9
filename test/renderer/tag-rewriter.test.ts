import t from 'tap';
import { positionKeepingReplacement, rewriteSquarespaceTags } from '../../renderer/template-package/tag-rewriter.ts';

const ids = () => {
  let n = 0;
  return () => String(++n);
};

/** Line and column of every occurrence of `needle`, to compare before and after a rewrite. */
function where(text: string, needle: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    const before = text.slice(0, i);
    out.push(`${before.split('\n').length}:${i - before.lastIndexOf('\n')}`);
  }
  return out;
}

t.test('replacements keep the line and column of what follows', async (t) => {
  t.equal(positionKeepingReplacement('<squarespace:script src="a"/>', '{X}'), '{X}{#                       }');
  t.equal(positionKeepingReplacement('<ab>', '{X}'), '{X}', 'no room for padding: columns after shift');
  t.equal(positionKeepingReplacement('<a\n  b\n    c/>', '{X}'), '{X}{##\n\n    ##}');
  t.equal(positionKeepingReplacement('<a\nb/>', ''), '{##\n##}');
});

t.test('a rewritten file keeps every position outside its tags', async (t) => {
  const source = [
    '<p>{a}</p><squarespace:script src="site.js"/>{b}',
    '<squarespace:query collection="{c}"',
    '   limit="3">',
    '  {.repeated section items}{title}{.end}',
    '</squarespace:query>{d}',
    '<squarespace:navigation navigationId="mainNav"',
    '  template="nav" />{e}',
  ].join('\n');
  const out = rewriteSquarespaceTags('x.region', source, ids());
  t.same(out.errors, []);
  for (const marker of ['{a}', '{b}', '{d}', '{e}']) t.same(where(out.text, marker), where(source, marker), marker);
  t.equal(out.text.split('\n').length, source.split('\n').length);
  t.same(
    out.entries.map((e) => [e.id, e.kind, e.line, e.column]),
    [
      ['1', 'script', 1, 11],
      ['2', 'query', 2, 1],
      ['3', 'navigation', 6, 1],
    ],
  );
  t.match(out.text, /\{@\|squarespace-tag 1\}/);
  const fragments = Object.fromEntries(out.fragments.map((f) => [f.name, f]));
  t.same(fragments['squarespace-tag:2:attr:collection'], {
    name: 'squarespace-tag:2:attr:collection',
    source: '{c}',
    origin: { line: 2, column: 32 },
  });
  t.same(fragments['squarespace-tag:2:body']!.origin, { line: 3, column: 14 });
  t.equal(fragments['squarespace-tag:2:body']!.source, '\n  {.repeated section items}{title}{.end}\n');
});

t.test('nested tags are rewritten inside their parent body', async (t) => {
  const source =
    '<squarespace:query collection="a"><squarespace:query collection="{items.0.urlId}">{x}</squarespace:query></squarespace:query>';
  const out = rewriteSquarespaceTags('x.list', source, ids());
  t.same(out.errors, []);
  t.same(
    out.entries.map((e) => [e.id, e.body]),
    [
      ['2', 'squarespace-tag:2:body'],
      ['1', 'squarespace-tag:1:body'],
    ],
  );
  const outerBody = out.fragments.find((f) => f.name === 'squarespace-tag:1:body')!;
  t.match(outerBody.source, /^\{@\|squarespace-tag 2\}\{#/);
  t.equal(out.text.startsWith('{@|squarespace-tag 1}'), true);
});

t.test('problems with a tag: reported at their place; a tag that cannot render leaves nothing', async (t) => {
  const source = [
    '<squarespace:navigation template="nav"/>',
    '<squarespace:query collection="blog" limit="abc">x</squarespace:query>',
    '<squarespace:query collection="blog" limit="101" limit="2" colour="red">x</squarespace:query>',
    '<squarespace:widget a="b"/>',
    '<squarespace:script src="a.js">body</squarespace:script>',
    '<squarespace:navigation navigationId="mainNav" template="nav">body</squarespace:navigation>',
    '<squarespace:category/>',
    '<squarespace:script src="../secret.js"/>',
  ].join('\n');
  const out = rewriteSquarespaceTags('x.region', source, ids());
  t.same(
    out.errors.map((e) => [e.code, e.line, e.column]),
    [
      ['MISSING_ATTRIBUTE', 1, 1],
      ['BAD_ATTRIBUTE_VALUE', 2, 45],
      ['DUPLICATE_ATTRIBUTE', 3, 50],
      ['UNKNOWN_ATTRIBUTE', 3, 60],
      ['BAD_ATTRIBUTE_VALUE', 3, 45],
      ['UNKNOWN_TAG', 4, 1],
      ['BODY_NOT_ALLOWED', 5, 32],
      ['TEMPLATE_AND_BODY', 6, 1],
      ['NOTHING_TO_RENDER', 7, 1],
      ['BAD_ATTRIBUTE_VALUE', 8, 26],
    ],
  );
  t.match(
    out.errors[1]!.message,
    "<squarespace:query> attribute 'limit': must be a whole number from 1 to 100, not 'abc'",
  );
  t.match(out.errors[0]!.snippet, /^<squarespace:navigation template="nav"\/>\n\^$/);
  t.same(
    out.entries.map((e) => e.kind),
    ['script', 'navigation'],
    'tags with unknown attributes, content they cannot have, or both content and template still render',
  );
});
