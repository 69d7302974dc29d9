import fc from 'fast-check';
import t from 'tap';
import { engine, run } from './engine-fixture.ts';

/** Strings built from the pieces templates are made of, so the parser's edge cases get hit often. */
const templateish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '{',
        '}',
        '{.section a}',
        '{.repeated section items}',
        '{.end}',
        '{.or}',
        '{.alternates with}',
        '{.if a || b}',
        '{.equal? a "x"}',
        '{.or equal? a b}',
        '{a|html}',
        '{a.b.0|json}',
        '{@|apply p}',
        '{.var @v a}',
        '{.ctx @c k=a}',
        '{.eval 1 + @v}',
        '{.macro m}',
        '{.include m}',
        '{#',
        '{##',
        '##}',
        '|',
        '.',
        '@',
        ' ',
        '\n',
        '"',
        '{.meta-left}',
        '{.nope?}',
        '{a|nope}',
        '{.inject @i x}',
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

// Speed lives in bench/, not here: a loaded CI machine must not fail a test by being slow.
t.test('compile and render never throw for any input string', async (t) => {
  for (const arbitrary of [templateish, fc.string({ unit: 'binary', maxLength: 400 })]) {
    fc.assert(
      fc.property(arbitrary, (source) => {
        const result = engine.compile(source);
        const rendered = engine.render(result.template, { a: { b: [1] }, items: [1, 2] }, { partials: { p: 'x' } });
        return typeof rendered.output === 'string';
      }),
      { numRuns: 1500 },
    );
  }
  t.pass('no throw');
});

t.test('text without tags renders as itself', async (t) => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 200 }).filter((s) => !s.includes('{')),
      (text) => run(text).output === text,
    ),
  );
  t.pass();
});

t.test('10,000 nested sections are refused with a clear limit error, without a crash', async (t) => {
  const source = '{.section a}'.repeat(10_000) + 'x' + '{.end}'.repeat(10_000);
  const { template, errors } = engine.compile(source);
  t.same(
    errors.map((e) => e.code),
    ['NESTING_TOO_DEEP'],
  );
  t.match(errors[0]!.message, /nested more than 500 deep/);
  t.type(engine.render(template, { a: { a: 1 } }).output, 'string');
});

t.test('a 5 MB template compiles and renders', async (t) => {
  const unit = '<li class="item">{name|html} costs {price}</li>\n{.section flag}on{.or}off{.end}\n';
  const source = unit.repeat(Math.ceil((5 * 1024 * 1024) / unit.length));
  const { template, errors } = engine.compile(source);
  t.same(errors, []);
  const { output } = engine.render(template, { name: '<b>', price: 3, flag: true });
  t.equal(output.length, (source.length / unit.length) * '<li class="item">&lt;b&gt; costs 3</li>\non\n'.length);
  t.ok(output.startsWith('<li class="item">&lt;b&gt; costs 3</li>\non\n'));
});

t.test('5 MB of unclosed braces stays linear', async (t) => {
  const source = '{a'.repeat(2_500_000);
  const { template } = engine.compile(source);
  t.equal(engine.render(template, {}).output, source);
});

t.test('20,000 .or branches are refused past the limit, without a crash', async (t) => {
  const source = `{.section a}x${'{.or equal? a 1}y'.repeat(20_000)}{.or}z{.end}`;
  const { template, errors } = engine.compile(source);
  t.same(
    errors.map((e) => e.code),
    ['TOO_MANY_BRANCHES'],
  );
  t.equal(engine.render(template, { a: 1 }).output, 'x');
  t.type(JSON.stringify(engine.toInterchange(template)), 'string');
});
