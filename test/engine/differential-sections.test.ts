/**
 * Our engine against the reference (@squarespace/template-engine) on
 * generated templates that mix sections, repeated sections, .or branches,
 * .if, predicates and variables over nested data where names are often
 * missing: how names resolve from a section (its own frame only) and what
 * an .or branch sees (the missing value as @) must agree. Prints the
 * agreement count.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import t from 'tap';
import { engine } from './engine-fixture.ts';

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as {
  Compiler: new () => { execute(o: object): { ctx: { render(): string }; errors: unknown[] } };
};
const reference = new Compiler();

const NAMES = ['a', 'b', 'c', 'missing'] as const;
const name = fc.constantFrom(...NAMES);
const path = fc.oneof(
  name,
  fc.tuple(name, name).map(([x, y]) => `${x}.${y}`),
  fc.constant('@'),
);

// Values both engines print the same way: text, whole numbers, booleans, objects and lists of them.
const leaf = fc.oneof(fc.constantFrom('x', 'y', '', 'z z'), fc.integer({ min: -3, max: 3 }), fc.boolean());
const { data } = fc.letrec((tie) => ({
  data: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('data'),
    fc.array(tie('data'), { maxLength: 3 }),
  ),
}));

const { block } = fc.letrec((tie) => ({
  block: fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((nodes) => (nodes as string[]).join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('T', '-'),
    name.map((n) => `{${n}}`),
    fc.constant('{@}'),
    fc.tuple(path, tie('block'), tie('block')).map(([p, body, or]) => `{.section ${p}}${body}{.or}${or}{.end}`),
    fc.tuple(path, tie('block')).map(([p, body]) => `{.section ${p}}${body}{.end}`),
    fc
      .tuple(path, tie('block'), tie('block'))
      .map(([p, body, or]) => `{.repeated section ${p}}${body}{.or}${or}{.end}`),
    fc.tuple(name, tie('block'), tie('block')).map(([n, body, or]) => `{.if ${n}}${body}{.or}${or}{.end}`),
    fc.tuple(tie('block'), tie('block')).map(([body, or]) => `{.odd?}${body}{.or}${or}{.end}`),
  ),
}));

function ours(source: string, json: unknown): string {
  const compiled = engine.compile(source);
  return engine.render(compiled.template, json).output;
}

function theirs(source: string, json: unknown): string {
  return reference.execute({ code: source, json }).ctx.render();
}

t.test('sections, .or branches and lookups agree with the reference', async (t) => {
  const runs = 500;
  let agreed = 0;
  try {
    fc.assert(
      fc.property(block, data, (source, json) => {
        const same = ours(source, json) === theirs(source, json);
        if (same) agreed++;
        return same;
      }),
      { numRuns: runs },
    );
  } finally {
    // A difference stops the run (and is shrunk to a small case in the failure).
    t.comment(`agreement with the reference: ${agreed} of ${runs} generated templates`);
  }
  t.equal(agreed, runs);
});
