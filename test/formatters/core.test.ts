import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { parseApplyArgs } from '../../formatters/core/apply.ts';
import { formatPlaceholders } from '../../formatters/core/format-string.ts';
import { slugify } from '../../formatters/core/slugify.ts';
import { smartypants } from '../../formatters/core/smartypants.ts';
import { truncate, truncateLength } from '../../formatters/core/truncate.ts';
import { urlEncode } from '../../formatters/core/url-encode.ts';
import { textOf } from '../../formatters/core/values.ts';
import { coreFormatters } from '../../formatters/core.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown = {}, partials: Record<string, string> = {}) {
  const compiled = engine.compile(source, { file: 'core.html' });
  const rendered = engine.render(compiled.template, data, { partials });
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const out = (source: string, data: unknown = {}, partials: Record<string, string> = {}) =>
  run(source, data, partials).output;

t.test('text and numbers are read the reference way', async (t) => {
  t.equal(textOf('a'), 'a');
  t.equal(textOf(-0), '0');
  t.equal(textOf(false), 'false');
  t.equal(textOf(null), '');
  t.equal(textOf([1, 2]), '');
  t.equal(textOf({ a: 1 }), '');
  t.equal(readNumber(' -3.5px', 'leading-decimal'), -3.5);
  t.equal(readNumber('1e5', 'leading-decimal'), 1, 'no exponents');
  t.equal(readNumber('0x10', 'leading-decimal'), 0, 'no hex');
  t.ok(Number.isNaN(readNumber('Infinity', 'leading-decimal')));
  t.ok(Number.isNaN(readNumber('', 'leading-decimal')));
  t.equal(readNumber(true, 'leading-decimal'), 1);
  t.equal(readNumber(null, 'leading-decimal'), 0);
  t.equal(readNumber([7], 'leading-decimal'), 0);
});

t.test('escaping', async (t) => {
  const data = { s: `<a href="x" title='y'>&</a>`, n: 1.5, l: [1], o: { a: 1 } };
  t.equal(out('{s|html}', data), `&lt;a href="x" title='y'&gt;&amp;&lt;/a&gt;`);
  t.equal(out('{s|htmlattr}', data), `&lt;a href=&quot;x&quot; title='y'&gt;&amp;&lt;/a&gt;`);
  t.equal(out('{s|htmltag}', data), out('{s|htmlattr}', data));
  t.equal(out('{n|html}|{l|html}|{o|html}|{missing|html}', data), '1.5|||');
  t.equal(out('{s|safe}', { s: 'a <b>bold</b> <br/>c <!-- x -->' }), 'a bold c ');
  t.equal(out('{s|safe}', { s: '1 < 2 and 3 > 2' }), '1  2');
  t.equal(out('{f|safe}|{z|safe}|{l|safe}', { f: false, z: 0, l: [1] }), 'false|0|', 'falsy values pass through');
});

t.test('json, json-pretty and raw', async (t) => {
  const data = { v: { t: '</script><p>' }, s: 'a"b', n: null };
  t.equal(out('{v|json}', data), '{"t":"<\\/script><p>"}');
  t.equal(out('{v|json-pretty}', data), '{\n  "t": "<\\/script><p>"\n}');
  t.equal(out('{v|raw}', data), '{"t":"</script><p>"}');
  t.equal(out('{s|json}|{n|json}|{missing|json}', data), '"a\\"b"|null|');
  t.equal(out('{missing|raw}', data), 'null');
});

t.test('string formatters', async (t) => {
  t.equal(out('{s|capitalize}', { s: 'straße' }), 'STRASSE');
  t.equal(out('{s|encode-space}', { s: 'a  b\tc' }), 'a&nbsp;&nbsp;b&nbsp;c');
  t.equal(out('{s|line-breaks}', { s: 'a\nb\r\nc' }), 'a<br/>b\r<br/>c');
  t.equal(out('{s|encode-uri}', { s: 'a b?c=ü#[x]' }), 'a%20b?c=%C3%BC#%5Bx%5D');
  t.equal(out('{s|encode-uri-component}', { s: 'a b/c' }), 'a%20b%2Fc');
  t.equal(out('{s|str}|{n|str}|{z|str}|{l|str}', { s: 'x', n: -15, z: null, l: [1] }), 'x|-15||');
  t.equal(out('{x|output a b}', {}), 'a b');
});

t.test('url-encode keeps only letters, digits and @*_+-./', async (t) => {
  t.equal(urlEncode("a b/c@d*e_f+g-h.i!j'k(l)m~n"), 'a%20b/c@d*e_f+g-h.i%21j%27k%28l%29m%7En');
  t.equal(urlEncode('“😍”'), '%E2%80%9C%F0%9F%98%8D%E2%80%9D');
  t.equal(urlEncode(',:$%&=;'), '%2C%3A%24%25%26%3D%3B');
});

t.test('a lone surrogate is an error, not a crash', async (t) => {
  const r = run('[{s|url-encode}][{s|encode-uri}]', { s: '\ud800x' });
  t.equal(r.output, '[][]');
  t.same(r.codes, ['FORMATTER_FAILED', 'FORMATTER_FAILED']);
});

t.test('slugify', async (t) => {
  t.equal(slugify('  Hello,   World!  '), '-hello-world-');
  t.equal(slugify('Crème Brûlée & Café'), 'crme-brle-caf');
  t.equal(slugify('a - b_c.d'), 'a---bcd');
  t.equal(out('{n|slugify}|{l|slugify}', { n: 12, l: ['a'] }), '12|');
});

t.test('smartypants', async (t) => {
  t.equal(smartypants(`"It's 'fine'," she said--twice.`), '“It’s ’fine’,” she said—twice.');
  t.equal(smartypants("rock 'n' roll"), 'rock ’n’ roll', 'a quote after a space closes');
  t.equal(smartypants('a---b'), 'a—-b');
  t.equal(smartypants('x\n"y"'), 'x\n“y”', 'a quote at the start of a line opens');
  t.equal(out('{n|smartypants}', { n: 5 }), '5');
});

t.test('truncate', async (t) => {
  const s = 'The quick brown fox';
  t.equal(truncate(s, 11), 'The quick ...', 'cut back to the last space, which stays');
  t.equal(truncate(s, 3), 'The...', 'no space: hard cut');
  t.equal(truncate(s, 19), s);
  t.equal(truncateLength(undefined), 100, 'spec default');
  t.equal(truncateLength('0'), undefined);
  t.equal(truncateLength('x'), undefined);
  t.equal(truncateLength('7.9'), 7);
  const long = 'word '.repeat(30);
  t.equal(out('{s|truncate}', { s: long }), `${'word '.repeat(20)}...`);
  t.equal(out('{s|truncate 10 …}', { s: long }), 'word word …');
  t.equal(out('{s|truncate 0}', { s: long }), long, 'a bad length changes nothing');
  t.equal(out('{n|truncate 3}', { n: 123456 }), '123...');
  t.same(run('{s|truncate 1 2 3}', { s: 'x' }).codes, ['BAD_FORMATTER_ARGS']);
});

t.test('count, mod, round, cycle, iter', async (t) => {
  t.equal(
    out('{a|count}|{o|count}|{s|count}|{n|count}|{m|count}', { a: [1, 2], o: { x: 1 }, s: 'héllo', n: 3 }),
    '2|1|5|0|0',
  );
  t.equal(out('{n|mod 3}|{n|mod}|{n|mod 0}|{n|mod x}|{m|mod -3}', { n: 11, m: -7 }), '2|1|1|1|-1');
  t.equal(out('{s|mod}', { s: 'x' }), 'NaN');
  t.equal(out('{a|round}|{b|round}|{c|round}|{m|round}', { a: 2.5, b: -1.5, c: '3.7kg' }), '3|-1|4|0');
  t.equal(out('{.repeated section l}{@|cycle a b c}{.end}', { l: [1, 2, 3, 4, 5] }), 'abcab');
  t.equal(out('{z|cycle a b c}|{h|cycle a b}|{s|cycle a b}', { z: 0, h: 1.5, s: 'x' }), 'c||');
  t.same(run('{x|cycle}', {}).codes, ['BAD_FORMATTER_ARGS']);
  t.equal(out('{.repeated section l}{.section o}{x|iter}{.end}{.end}|{x|iter}', { l: [{ o: 1 }, { o: 1 }] }), '12|');
});

t.test('pluralize', async (t) => {
  const tpl = '{n|pluralize}/{n|pluralize es}/{n|pluralize item items}';
  t.equal(out(tpl, { n: 1 }), '//item');
  t.equal(out(tpl, { n: 2 }), 's/es/items');
  t.equal(out(tpl, { n: '1' }), '//item');
  t.equal(out(tpl, { n: 0 }), 's/es/items');
  t.equal(out(tpl, {}), 's/es/items', 'missing counts as 0');
});

t.test('format', async (t) => {
  t.equal(formatPlaceholders('{1}-{0}-{}-{9}-{x}-{ 0}', ['a', 'b']), 'b-a-a---');
  t.equal(formatPlaceholders('a {0', ['x']), 'a ', 'an unclosed brace drops the rest');
  t.equal(formatPlaceholders('{x{0}}|{0{1}}|{{0}', ['A', 'B']), 'A}|}|', 'a brace inside a placeholder');
  t.equal(formatPlaceholders('{0}|{1}|{2}', [null, [1, 2], true]), '|1,2|true');
  t.equal(out('{m|format a b.c}', { m: '{0} and {1}', a: 'A', b: { c: 'C' } }), 'A and C');
  t.equal(out('{.repeated section l}{m|format @index @}{.end}', { m: '[{0}:{1}]', l: ['x', 'y'] }), '[1:x][2:y]');
  t.equal(out('{m|format a}', { m: { x: 1 }, a: 1 }), '');
});

t.test('get, prop and lookup', async (t) => {
  const data = {
    id: '7',
    key: 'name',
    idx: 1,
    flag: true,
    things: { '7': { name: 'Seven', tags: ['a', 'b'] } },
    list: ['x', 'y'],
    o: { 'a.b': 'literal', a: { b: 'nested' }, true: 'T' },
    which: 'a.b',
  };
  t.equal(out('{things|get id key}', data), 'Seven');
  t.equal(out('{things|get id|prop tags|get idx}', data), 'b');
  t.equal(out('{list|get idx}|{list|get id}', data), 'y|', 'arrays take numbers only');
  t.equal(out('{o|get which}|{o|get flag}', data), 'literal|T', 'a key is one segment');
  t.equal(out('{things|get|json}', { things: { a: 1 } }), '{"a":1}');
  t.equal(out('{things|get nope key}|{nothing|get id}', data), '|');
  t.equal(out('{o|prop a b}|{o|prop a.b}|{list|prop 1}|{o|prop x y}', data), 'nested|nested|y|');
  t.equal(out('{o|lookup which}', data), 'nested', 'the looked-up name is a path');
  t.equal(out('{o|lookup|json}|{o|lookup nope|json}', data), '""|');
  t.equal(out('{foo|lookup k}', { foo: { bar: 5 }, k: 'bar' }), '5', 'names are found in the value first');
  t.equal(out('{.repeated section l}{o|lookup k}{.end}', { l: [1, 2], k: '@index', o: {} }), '12');
  t.equal(
    out('{.repeated section refs}{.var @o things|get @.id}{@o.name}{.end}', { ...data, refs: [{ id: '7' }] }),
    'Seven',
  );
});

t.test('key-by, find-first and find-last', async (t) => {
  const people = [{ n: 'a', v: 0 }, { n: 'b', v: 2 }, { n: 'a', v: 3 }, 5, null, { v: 4 }];
  t.equal(out('{p|key-by n|json}', { p: people }), '{"a":{"n":"a","v":3},"b":{"n":"b","v":2}}');
  t.equal(out('{p|key-by n|prop b.v}', { p: people }), '2');
  t.equal(out('{p|key-by n|json}', { p: 'nope' }), '{}');
  t.equal(out('{p|find-first|json}|{p|find-last|json}', { p: [0, 1, 0] }), '0|0');
  t.equal(out('{p|find-first v|json}|{p|find-last v|json}', { p: people }), '{"n":"b","v":2}|{"v":4}');
  t.equal(out('{p|find-first x|json}|{o|find-first|json}', { p: people, o: { a: 1 } }), '|');
  const twoArgs = run('{p|find-first v w|json}', { p: people });
  t.equal(twoArgs.output, '', 'two arguments find nothing');
  t.same(twoArgs.codes, ['BAD_FORMATTER_ARGS']);
});

t.test('apply renders partials and macros', async (t) => {
  t.equal(out('{o|apply p}', { o: { k: 'K' }, r: 'R' }, { p: '[{k}{r}]' }), '[KR]');
  t.equal(out('{.macro m}<{@}>{.end}{.repeated section l}{@|apply m}{.end}', { l: [1, 2] }), '<1><2>');
  t.equal(out('{o|apply p|html}', { o: 'x' }, { p: '<{@}>' }), '&lt;x&gt;');
  const missing = run('{o|apply nope}', { o: 1 });
  t.equal(missing.output, '');
  t.same(missing.codes, ['UNKNOWN_PARTIAL']);
  t.same(run('{o|apply}', {}).codes, ['BAD_FORMATTER_ARGS']);
});

t.test('apply arguments: private and key=value', async (t) => {
  t.same(parseApplyArgs(['p']), { name: 'p', options: {} });
  t.same(parseApplyArgs(['p', 'private']), { name: 'p', options: { private: true, args: {} } });
  t.same(parseApplyArgs(['p', 'a=1', 'skip', 'a=2', 'b=', '=c', 'd=e=f']), {
    name: 'p',
    options: { private: false, args: { a: '2', b: '', '': 'c', d: 'e=f' } },
  });
  t.equal(parseApplyArgs([]), undefined);
});

t.test('odd data never throws', async (t) => {
  const names = Object.keys(coreFormatters).filter((n) => n !== 'apply');
  const values = [undefined, null, true, 0, -1.5, '', 'x', [], [null], {}, { a: [1] }];
  for (const name of names) {
    for (const v of values) {
      const r = run(`{v|${name}}{v|${name} a b}`, v === undefined ? {} : { v });
      t.equal(typeof r.output, 'string');
      t.notOk(r.codes.includes('FORMATTER_FAILED'), `${name} on ${JSON.stringify(v)}`);
    }
  }
});
