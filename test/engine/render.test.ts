import t from 'tap';
import { run } from './engine-fixture.ts';

t.test('variables and lookup up the stack', async (t) => {
  const data = { a: { b: [5, { c: 'deep' }] }, top: 'T', s: { x: 1 } };
  t.equal(run('{a.b.0}/{a.b.1.c}/{missing}/{a.nope.x}', data).output, '5/deep//');
  t.equal(run('{.section s}{top}{x}{.end}', data).output, 'T1');
  t.equal(run('{.section s}{a.b.0}{.end}', data).output, '5');
  // a found first segment does not fall back when the rest is missing
  t.equal(run('{.section a}{b.9}{.end}', { a: { b: [] }, b: [7] }).output, '');
});

t.test('printing values', async (t) => {
  t.equal(
    run('{n}|{f}|{t}|{z}|{o}|{l}', { n: 1.5, f: false, t: true, z: null, o: { a: 1 }, l: [1, 'x'] }).output,
    '1.5|false|true|||1,x',
  );
});

t.test('sections, repeated sections, alternates and index variables', async (t) => {
  const data = { items: [{ n: 'a' }, { n: 'b' }, { n: 'c' }], empty: [], zero: 0, str: '0' };
  t.equal(run('{.repeated section items}{@index}{n}{.alternates with},{.end}', data).output, '1a,2b,3c');
  t.equal(run('{.repeated section items}{@index0}{.end}', data).output, '012');
  t.equal(run('{.repeated section empty}x{.or}none{.end}', data).output, 'none');
  t.equal(run('{.section zero}x{.or}falsy{.end}{.section str}y{.end}', data).output, 'falsyy');
  t.equal(run('{.repeated section items}{.section @}{@index}{.end}{.end}', data).output, '123');
});

t.test('.if reads left to right and stops once the answer is settled', async (t) => {
  t.equal(run('{.if a || b && c}Y{.or}N{.end}', { a: 1, b: 0, c: 0 }).output, 'Y');
  t.equal(run('{.if a && b || c}Y{.or}N{.end}', { a: 0, b: 0, c: 1 }).output, 'N');
  t.equal(run('{.if a && b || c}Y{.or}N{.end}', { a: 1, b: 0, c: 1 }).output, 'Y');
});

t.test('.or chains with predicates', async (t) => {
  const tpl = '{.equal? v "a"}A{.or equal? v "b"}B{.or}other{.end}';
  t.equal(run(tpl, { v: 'a' }).output, 'A');
  t.equal(run(tpl, { v: 'b' }).output, 'B');
  t.equal(run(tpl, { v: 'c' }).output, 'other');
});

t.test('variables: .var, .ctx, .inject, scoped to their frame', async (t) => {
  t.equal(run('{.var @x a|json}{@x}', { a: [1] }).output, '[1]');
  t.equal(run('{.section s}{.var @q 1}{.end}[{@q}]', { s: { a: 1 } }).output, '[]');
  t.equal(run('{.ctx @c w=d.w m=nope}{@c.w}{@c.m}', { d: { w: 3 } }).output, '3');
  const r = run(
    '{.inject @i x.json}{@i.k}{.inject @j nope.json}{.inject @k bad.json}',
    {},
    {
      injects: { 'x.json': '{"k":"v"}', 'bad.json': '{' },
    },
  );
  t.equal(r.output, 'v');
  t.same(r.codes, ['UNKNOWN_INJECT', 'BAD_INJECT']);
});

t.test('macros, partials and include', async (t) => {
  t.equal(run('{.macro m}[{x}]{.end}{a|apply m}', { a: { x: 1 } }).output, '[1]');
  t.equal(run('{a|apply p}', { a: { x: 1 }, top: 'T' }, { partials: { p: '{x}{top}' } }).output, '1T');
  const missing = run('{a|apply nope}', { a: 1 });
  t.equal(missing.output, '');
  t.same(missing.codes, ['UNKNOWN_PARTIAL']);
  t.equal(run('{.macro m}hidden{.eval @v = 2}{.end}{.include m}{@v}|{.include m output}').output, '2|hidden');
});

t.test('partial recursion stops at depth 16 with an error, not a stack overflow', async (t) => {
  const r = run('{@|apply self}', { n: 1 }, { partials: { self: 'x{@|apply self}' } });
  t.equal(r.output, 'x'.repeat(16));
  t.ok(r.codes.includes('PARTIAL_RECURSION'));
  const m = run('{.macro loop}{@|apply loop}{.end}{@|apply loop}');
  t.ok(m.codes.includes('PARTIAL_RECURSION'));
});

t.test('odd data never throws', async (t) => {
  for (const data of [null, undefined, 0, 'str', [1, [2]], { a: null }, { a: { b: null } }]) {
    const r = run('{a}{a.b.c}{.section a}{b}{.end}{.repeated section a}{@}{.end}{@|json}{a|html}', data);
    t.type(r.output, 'string');
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const r = run('{self|json}', cyclic);
  t.equal(r.output, '');
  t.same(r.codes, ['FORMATTER_FAILED']);
});

t.test('expressions can be switched off', async (t) => {
  const r = run('{.eval 1 + 1}', {}, { enableExpressions: false });
  t.equal(r.output, '');
  t.same(r.codes, ['EXPR_DISABLED']);
});

t.test('.alternates with runs in the frame of the element before it', async (t) => {
  t.equal(run('{.repeated section a}{@index}{.alternates with}[{@index}]{.end}', { a: [1, 2, 3] }).output, '1[1]2[2]3');
});

t.test('a bad expression reports its issue with the tag position each time it runs', async (t) => {
  const r = run('x\n  {.eval 1 + (2}', {});
  t.equal(r.output, 'x\n  ');
  t.same(r.compileErrors, []);
  t.match(r.renderErrors, [{ code: 'EXPR_MISMATCHED_OPERATOR', line: 2, column: 3 }]);
  const tokens = run(`{.eval ${Array(600).fill('1').join(' + ')}}`);
  t.equal(tokens.output, '');
  t.match(tokens.renderErrors[0]!.message, /^Expression exceeds the maximum number of allowed tokens/);
});

t.test('a render without locale data says so to plugins', async (t) => {
  t.equal(run('{a|money}|{a|bookkeeper-money-format}', { a: 100 }, { locale: null }).output, '|');
  t.not(run('{a|bookkeeper-money-format}', { a: 100 }).output, '');
});

t.test('a section enters a name of its own frame only; variables and predicates look up the stack', async (t) => {
  const data = { a: { inner: 'I' }, b: 'B', list: [1, 2] };
  t.equal(run('{.section a}{.section b}X{.or}none{.end}{.end}', data).output, 'none', 'b is not in a');
  t.equal(run('{.section a}{.section inner}{@}{.end}{.end}', data).output, 'I');
  t.equal(run('{.section a}{.repeated section list}{@}{.or}none{.end}{.end}', data).output, 'none');
  t.equal(run('{.section a}{b}{.end}', data).output, 'B', 'a variable finds b further out');
  t.equal(run('{.section a}{.if b}Y{.end}{.end}', data).output, 'Y', 'so does .if');
  t.equal(run('{.section a}{.equal? b "B"}E{.end}{.end}', data).output, 'E', 'and a predicate');
  t.equal(run('{.section a}{.section @}{inner}{.end}{.end}', data).output, 'I', '@ is the frame itself');
});

t.test("a section's .or branch runs with the missing value as its frame, as in the reference", async (t) => {
  // The example: the reference prints nothing here.
  const source = '{.section website}{.section missing}A{.or}{.section siteTitle}{@}{.end}{.end}{.end}';
  t.equal(run(source, { website: { siteTitle: 'T' } }).output, '');
  // Variables and predicates still look up the stack from there.
  t.equal(
    run('{.section a}{.section missing}{.or}{a.x}{.if b}B{.end}{.end}{.end}', { a: { x: 'X' }, b: 1 }).output,
    'XB',
  );
  t.equal(run('{.section missing}{.or}[{@}]{.end}', {}).output, '[]', '@ is the missing value');
});
