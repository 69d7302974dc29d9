import t from 'tap';
import { formatError } from '../../engine/index.ts';
import { engine, run } from './engine-fixture.ts';

t.test('text that only looks like a tag passes through unchanged', async (t) => {
  const src = '{ not a tag } <script>var x = {"a": {"b": 1}};</script> {a b} {.foo} {.section} {_x} { d';
  const r = run(src, { a: 1 });
  t.equal(r.output, src);
  t.same(r.codes, []);
});

t.test('unknown formatter: error at its name with file:line:col and caret, tag kept as text', async (t) => {
  const { template, errors } = engine.compile('line one\n  {a|nope}', { file: 'page.html' });
  t.equal(errors.length, 1);
  const e = errors[0]!;
  t.equal(e.code, 'UNKNOWN_FORMATTER');
  t.equal(e.message, "Formatter 'nope' is unknown");
  t.match(e, { file: 'page.html', line: 2, column: 6 });
  t.equal(formatError(e), "page.html:2:6 Formatter 'nope' is unknown\n  {a|nope}\n     ^");
  t.equal(engine.render(template, { a: 1 }).output, 'line one\n  {a|nope}');
});

t.test('unknown predicate is reported and the block is skipped', async (t) => {
  const r = run('{.nope? a}yes{.or}no{.end}');
  t.same(r.codes, ['UNKNOWN_PREDICATE']);
  t.equal(r.output, 'no');
});

t.test('block structure errors carry positions and compilation goes on', async (t) => {
  const cases: [string, string[]][] = [
    ['{.section a}x', ['UNCLOSED_BLOCK']],
    ['x{.end}', ['UNEXPECTED_END']],
    ['{.or}', ['MISPLACED_OR']],
    ['{.alternates with}', ['MISPLACED_ALTERNATES']],
    ['{.section a}{.alternates with}{.end}', ['MISPLACED_ALTERNATES']],
    ['{.repeated section a}{.or}{.alternates with}{.end}', ['MISPLACED_ALTERNATES']],
    ['{.repeated section a}{.alternates with}{.alternates with}{.end}', ['DUPLICATE_ALTERNATES']],
    ['{.section a}{.or}{.or}{.end}', ['OR_AFTER_ELSE']],
    ['{.macro m}{.or}{.end}', ['MISPLACED_OR']],
    ['{a|apply}', ['BAD_FORMATTER_ARGS']],
    ['{.section a}{.section b}{.end}{a|nope}', ['UNKNOWN_FORMATTER', 'UNCLOSED_BLOCK']],
  ];
  for (const [src, codes] of cases) {
    const { errors } = engine.compile(src);
    t.same(
      errors.map((e) => e.code),
      codes,
      src,
    );
    for (const e of errors) t.ok(e.line >= 1 && e.column >= 1, `${src}: ${e.code} has a position`);
  }
});

t.test('a formatter in a tag that spans lines is placed on its own line', async (t) => {
  const { errors } = engine.compile('{.section\na}{b|truncate\n5|nope}{.end}');
  t.same(
    errors.map((e) => [e.code, e.line, e.column]),
    [['UNKNOWN_FORMATTER', 3, 3]],
  );
});

t.test('unclosed block points at its opening tag', async (t) => {
  const { errors } = engine.compile('a\nb {.repeated section items}\n{name}');
  t.match(errors[0], { code: 'UNCLOSED_BLOCK', line: 2, column: 3 });
});

t.test('instruction forms are exact about spacing', async (t) => {
  t.equal(run('{.section  a}x{.end}', { a: 1 }).output, '{.section  a}x');
  t.equal(run('{.section\ta}x{.end}', { a: 1 }).output, 'x');
  t.equal(run('{a|json |html}', { a: 'x' }).codes.includes('UNKNOWN_FORMATTER'), false);
  t.equal(run('{a |html}', { a: 'x' }).output, '{a |html}');
});

t.test('the size limit counts UTF-8 bytes, as its message says', async (t) => {
  const limit = 16 * 1024 * 1024;
  // Just over a third of the limit in code units: under it as ASCII, over it as 3-byte characters.
  const units = Math.floor(limit / 3) + 1;
  const wide = engine.compile('€'.repeat(units), { file: 'wide.html' });
  t.equal(wide.errors[0]?.code, 'TEMPLATE_TOO_LARGE');
  t.match(wide.errors[0]?.message, `Template is ${units * 3} bytes; the limit is ${limit} bytes`);
  t.same(
    engine.compile('a'.repeat(units), { file: 'narrow.html' }).errors.map((e) => e.code),
    [],
    'the same length in ASCII is within it',
  );
});

t.test('positions on one very long line are still exact', async (t) => {
  // Placing each tag reads only the text since the previous one; one line of 100,000 tags used to be quadratic.
  const source = `${'{a} '.repeat(100_000)}{a|nope}`;
  const { errors } = engine.compile(source, { file: 'long.html' });
  t.match(errors[0], { code: 'UNKNOWN_FORMATTER', line: 1, column: 400_000 + 4 });
});
