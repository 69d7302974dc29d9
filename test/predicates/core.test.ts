import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { compareValues, corePredicates } from '../../predicates/core.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown = {}) {
  const compiled = engine.compile(source, { file: 'core.html' });
  const rendered = engine.render(compiled.template, data);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const out = (source: string, data: unknown = {}) => run(source, data).output;
/** `{.NAME ARGS}Y{.or}N{.end}` for each item of a list, as one string. */
const each = (pred: string, list: unknown[]) =>
  out(`{.repeated section l}{.${pred}}Y{.or}N{.end}{.end}`, { l: list, three: 3, word: 'def' });

t.test('arguments are JSON literals or variables', async (t) => {
  const data = { a: 3, s: 'a b', l: [1, 2], o: { x: 1 } };
  t.equal(out('{.equal? a 3}Y{.or}N{.end}', data), 'Y');
  t.equal(out('{.equal?:s:"a b"}Y{.or}N{.end}', data), 'Y', 'another delimiter lets a literal hold spaces');
  t.equal(out('{.equal? l [1,2]}Y{.or}N{.end}', data), 'Y');
  t.equal(out('{.equal? a 03}Y{.or}N{.end}', data), 'N', 'not JSON: a variable named 03, which is missing');
});

t.test('equal? and notEqual?', async (t) => {
  const data = { n: 1, s: '1', f: 1.0, nul: null, o1: { a: 1, b: 2 }, o2: { b: 2, a: 1 }, l1: [1, 2], l2: [2, 1] };
  const eq = (a: string, b: string) => out(`{.equal? ${a} ${b}}Y{.or}N{.end}{.notEqual? ${a} ${b}}Y{.or}N{.end}`, data);
  t.equal(eq('n', 'f'), 'YN');
  t.equal(eq('n', 's'), 'NY', 'types matter');
  t.equal(eq('o1', 'o2'), 'YN', 'key order does not');
  t.equal(eq('l1', 'l2'), 'NY', 'element order does');
  t.equal(eq('nul', 'missing'), 'YN', 'null and missing are the same');
  t.equal(out('{.section n}{.equal? 1}Y{.or}N{.end}{.notEqual? 2}Y{.or}N{.end}{.end}', data), 'YY', 'one argument: @');
  t.equal(out('{.equal? n n s}Y{.or}N{.end}', data), 'Y', 'a third argument is ignored');
  t.same(run('{.equal? n n s}Y{.end}', data).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.equal?}Y{.or}N{.end}', data), { output: 'N', codes: ['BAD_PREDICATE_ARGS'] });
});

t.test('ordering follows the left operand', async (t) => {
  t.equal(compareValues(2, '10'), -1, 'numbers compare numerically');
  t.equal(compareValues('2', 10), 1, 'strings compare as text');
  t.equal(compareValues(3, '3abc'), 0, 'the leading decimal of a string');
  t.equal(compareValues(0, 'abc'), 1, 'NaN sorts below numbers');
  t.equal(compareValues('a', null), 1, 'null is empty text');
  t.equal(compareValues('Z', 'a'), -1, 'code unit order');
  t.equal(compareValues(true, 'true'), 0);
  t.equal(compareValues(true, 5), 0, 'non-zero numbers are true');
  t.equal(compareValues(true, 'yes'), 1);
  t.equal(compareValues(null, undefined), 0);
  t.equal(compareValues(null, -5), -1, 'null is below everything else');
  t.equal(compareValues([1], [1]), 0);
  t.equal(compareValues({ a: 1 }, 5), -1);
});

t.test('greaterThan? and friends', async (t) => {
  const numbers = [-2, 0, 3, 5];
  t.equal(each('greaterThan? @ 3', numbers), 'NNNY');
  t.equal(each('greaterThanOrEqual? @ 3', numbers), 'NNYY');
  t.equal(each('lessThan? @ three', numbers), 'YYNN');
  t.equal(each('lessThanOrEqual? @ 3', numbers), 'YYYN');
  const words = ['abc', 'DEF', 'def', 'xyz'];
  t.equal(each('greaterThan? @ word', words), 'NNNY');
  t.equal(each('lessThanOrEqual? @ "def"', words), 'YYYN');
  t.equal(each('greaterThan? 3', numbers), 'NNNY', 'one argument: @');
  t.equal(out('{.greaterThan?}Y{.or}N{.end}{.lessThanOrEqual?}Y{.or}N{.end}'), 'NN', 'no arguments: false');
});

t.test('even? and odd? take integers only', async (t) => {
  const list = [-3, -2, 0, 1, 4, 1.5, '2', true, null];
  t.equal(each('even?', list), 'NYYNYNNNN');
  t.equal(each('odd?', list), 'YNNYNNNNN');
  t.equal(out('{.even? n}Y{.or}N{.end}{.odd? n}Y{.or}N{.end}', { n: 7 }), 'NY');
  t.equal(out('{.section s}{.even? 4}Y{.or}N{.end}{.end}', { s: 3 }), 'N', 'the argument is a variable, not a literal');
});

t.test('nth?', async (t) => {
  const list = [0, 1, 3, 6, -9, 1.5, '6', null];
  t.equal(each('nth? 3', list), 'YNYYYNNN');
  t.equal(each('nth? three', list), 'YNYYYNNN', 'the modulus may be a variable');
  t.equal(out('{.repeated section l}{.nth? @index 2}Y{.or}N{.end}{.end}', { l: 'abcde'.split('') }), 'NYNYN');
  t.equal(each('nth? 0', list), 'NNNNNNNN', 'no division by zero');
  t.equal(each('nth? 1.5', list), 'NNNNNNNN', 'the modulus must be an integer');
  t.equal(each('nth? "3"', list), 'NNNNNNNN', 'numbers only');
});

t.test('plural? and singular? read @ as a number', async (t) => {
  const list = [0, 1, 2, 1.5, '1', '3 items', 'x', true, -4];
  t.equal(each('plural?', list), 'NNYYNYNNN');
  t.equal(each('singular?', list), 'NYNNYNNYN');
  t.equal(out('{.plural? n}Y{.or}N{.end}', { n: 5 }), 'N', 'an argument is ignored, as in the reference');
});

t.test('debug?', async (t) => {
  t.equal(out('{.debug?}Y{.or}N{.end}', {}), 'N');
  t.equal(out('{.debug?}Y{.or}N{.end}', { debug: 1 }), 'Y');
  t.equal(out('{.debug?}Y{.or}N{.end}', { debug: '' }), 'N');
  t.equal(out('{.section o}{.debug?}Y{.or}N{.end}{.end}', { debug: true, o: { debug: false } }), 'N');
});

t.test('odd data never throws', async (t) => {
  const values = [undefined, null, true, 0, -1.5, '', 'x', [], [null], {}, { a: [1] }];
  for (const name of Object.keys(corePredicates)) {
    for (const v of values) {
      for (const args of ['', ' v', ' v w', ' @ "x"', ' [1', ' -x']) {
        const r = run(`{.${name}${args}}Y{.or}N{.end}`, v === undefined ? {} : { v, w: v });
        t.match(r.output, /^[YN]$/);
        t.notOk(r.codes.includes('PREDICATE_FAILED'), `${name}${args} on ${JSON.stringify(v)}`);
      }
    }
  }
});
