/**
 * The `{.eval}` expression language: expectations taken from the reference engine
 * (@squarespace/template-engine) and checked by hand, error reporting, limits, and a
 * differential run against the reference itself.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import t from 'tap';
import { ENGINE_ERRORS, type ErrorCode } from '../../engine/error-codes.ts';
import {
  compileExpression,
  DEFAULT_EXPR_LIMITS,
  type ExprLimits,
  type ExprScope,
  evaluateExpression,
  formatExpressionValue,
} from '../../engine/expr/index.ts';
import type { PathSegment } from '../../engine/types.ts';

const DATA = {
  a: { b: { c: 3 } },
  s: '-6.5',
  n: 7,
  t: true,
  z: null,
  arr: [1, 2, 'x'],
  o: { k: 1 },
  str: 'abc',
  f: 0.5,
  hx: '0x1F',
  sp: ' 5',
};

/** Resolves like the engine at the top level: `@` is the data, `@name` a variable, the rest data paths. */
function dataScope(data: unknown, vars = new Map<string, unknown>()): ExprScope & { vars: Map<string, unknown> } {
  return {
    vars,
    resolve(path: readonly PathSegment[]) {
      const [head, ...rest] = path;
      let node: unknown;
      if (head === '@') node = data;
      else if (typeof head === 'string' && head.startsWith('@')) node = vars.get(head);
      else node = child(data, head!);
      for (const key of rest) node = child(node, key);
      return node;
    },
    assign(name: string, value: unknown) {
      vars.set(name, value);
    },
  };
}

function child(node: unknown, key: PathSegment): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  return (node as Record<string, unknown>)[String(key)];
}

function run(source: string, data: unknown = DATA, limits: ExprLimits = DEFAULT_EXPR_LIMITS) {
  const compiled = compileExpression(source, limits);
  const scope = dataScope(data);
  const result = evaluateExpression(compiled.expression, scope, limits);
  const output = result.value === undefined ? '' : formatExpressionValue(result.value);
  return { output, value: result.value, issues: [...compiled.issues, ...result.issues], vars: scope.vars };
}

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as {
  Compiler: new () => {
    execute(o: object): { ctx: { render(): string }; errors: unknown[] };
  };
};
const reference = new Compiler();

function referenceRun(source: string, data: unknown = DATA, limits?: ExprLimits) {
  const exprOpts = limits && { maxTokens: limits.maxTokens, maxStringLen: limits.maxStringLength };
  const r = reference.execute({ code: `{.eval ${source}}`, json: data, enableExpr: true, exprOpts });
  return { output: r.ctx.render(), errors: r.errors.length };
}

// [expression, output] against DATA; outputs were produced by the reference engine.
const EXPECTED: readonly [string, string][] = [
  ['1', '1'],
  ['0.1', '0.1'],
  ['1.', '1'],
  ['1e20', '100000000000000000000'],
  ['1E-7', '1e-7'],
  ['1.5e+3', '1500'],
  ['0x07a', '122'],
  ['0X1F', '31'],
  ['0x111111111111111111111', '1.2895208742556044e+24'],
  ['00012', '12'],
  ['123456789012345678901234', '1.2345678901234569e+23'],
  ['5e-324', '5e-324'],
  ["'abc'", 'abc'],
  ['"abc"', 'abc'],
  ["'a\\'b'", "a'b"],
  ['"a\\"b"', 'a"b'],
  ['"\\\\"', '\\'],
  ['"a\\nb"', 'a\nb'],
  ['"\\t|"', '\t|'],
  ['"\\x41\\x20B"', 'A B'],
  ['"\\u2018foobar\\u2019"', '‘foobar’'],
  ['"\\u00ce\\u00fe\\u0266"', 'Îþɦ'],
  ['"\\u01f600"', 'Ƕ00'],
  ['"\\x01|"', ' |'],
  ['"\\q"', 'q'],
  ['true', 'true'],
  ['false', 'false'],
  ['null', ''],
  ['PI', '3.141592653589793'],
  ['E', '2.718281828459045'],
  ['Infinity', 'Infinity'],
  ['NaN', 'NaN'],
  ['pi', ''],
  ['undefined', ''],
  ['', ''],
  ['1 2 3 4 5', '5'],
  ['3, 2, 1', '1'],
  ["'a' 'b' 'c'", 'c'],
  ['true; false; true', 'true'],
  ['1;', '1'],
  ['1; ; 2', '2'],
  ['(1, 2)', '2'],
  ['+17; +17', '17'],
  ['-2', '-2'],
  ['+5', '5'],
  ['--2', '2'],
  ['- -1', '1'],
  ['!true', 'false'],
  ['!0', 'true'],
  ['!""', 'true'],
  ['!"0"', 'false'],
  ['!!a.b.c', 'true'],
  ['~1', '-2'],
  ['~-1', '0'],
  ['-"5"', '-5'],
  ['+"0x10"', '16'],
  ['+" 5"', 'NaN'],
  ['-true', '-1'],
  ['+null', '0'],
  ['-(1)', '-1'],
  ['1 !', 'false'],
  ['-2 ** 2', '4'],
  ['!1 + 1', '1'],
  ['1+2', '3'],
  ['1 + -3', '-2'],
  ['2 + ~2', '-1'],
  ['1-2', '-1'],
  ['-1 - -4', '3'],
  ['3 + 4 - 5', '2'],
  ['3 * 8 / 6', '4'],
  ['3 / 8 * 6', '2.25'],
  ['5 / 2', '2.5'],
  ['1 / 0', 'Infinity'],
  ['-1 / 0', '-Infinity'],
  ['0 / 0', 'NaN'],
  ['0 * -1', '0'],
  ['2 ** 3', '8'],
  ['2 ** 3 ** 2', '512'],
  ['2 ** -1', '0.5'],
  ['2 ** 64', '18446744073709552000'],
  ['2 ** 0.5', '1.4142135623730951'],
  ['(-8) ** (1/3)', 'NaN'],
  ['0 ** 0', '1'],
  ['5 % 3', '2'],
  ['5 % -3', '2'],
  ['-5 % 3', '-2'],
  ['5.5 % 2', '1.5'],
  ['5 % 0', 'NaN'],
  ['0x02 | 0x01', '3'],
  ['0x02 & 0x07', '2'],
  ['0x02 ^ 0x03', '1'],
  ['100 << 2', '400'],
  ['100 >> 2', '25'],
  ['-16 >> 2', '-4'],
  ['1 << 31', '-2147483648'],
  ['1 << 32', '1'],
  ['4294967296 | 0', '0'],
  ['1.5 | 0', '1'],
  ['" 5" | 0', '0'],
  ['5 + "-6.5"', '5-6.5'],
  ['"-6.5" + 5', '-6.55'],
  ['true + 2', '3'],
  ['true + true', '2'],
  ['null + 1', '1'],
  ['"a" + null', 'anull'],
  ['"a" + true', 'atrue'],
  ['"a" + 1.50', 'a1.5'],
  ['"a" + 1e21', 'a1e+21'],
  ['1 + 2 + "3"', '33'],
  ['"1" + 2 + 3', '123'],
  ['"3" * "4"', '12'],
  ['"3" - - "2"', '5'],
  ['"abc" * 1', 'NaN'],
  ['"" * 1', '0'],
  ['" 12 " * 1', 'NaN'],
  ['"0x10" * 1', '16'],
  ['"1e3" - 0', '1000'],
  ['"5." * 1', '5'],
  ['".5" * 1', 'NaN'],
  ['"Infinity" * 1', 'NaN'],
  ['1 < 2', 'true'],
  ['2 < 2', 'false'],
  ['0 < "1"', 'true'],
  ['5 < "0x01"', 'false'],
  ['0 < true', 'true'],
  ['"a" < "b"', 'true'],
  ['"10" < "9"', 'true'],
  ['"10" < 9', 'false'],
  ['" 5" < 6', 'true'],
  ['"x" < 5', 'false'],
  ['"x" >= 5', 'false'],
  ['null < 1', 'true'],
  ['null >= 0', 'true'],
  ['1 <= 1', 'true'],
  ['"b" <= "a"', 'false'],
  ['2 > 1', 'true'],
  ['2 >= 3', 'false'],
  ['1 < 2 < 3', 'true'],
  ['1 == 1', 'true'],
  ['"5" == 5', 'true'],
  ['" 5" == 5', 'true'],
  ['"" == 0', 'true'],
  ['null == 0', 'false'],
  ['null == null', 'true'],
  ['null == false', 'false'],
  ['"1" == true', 'true'],
  ['"true" == true', 'false'],
  ['NaN == NaN', 'false'],
  ['1 != "1"', 'false'],
  ['1 === 1', 'true'],
  ['1 === NaN', 'false'],
  ['NaN === NaN', 'false'],
  ['true === 1', 'false'],
  ['"1" === 1', 'false'],
  ['null === null', 'true'],
  ['1 !== 2', 'true'],
  ['"1" !== 1', 'true'],
  ['true && false', 'false'],
  ['true && (false || true)', 'true'],
  ['1 && 2', 'true'],
  ['0 || "a"', 'true'],
  ['"" || 0', 'false'],
  ['null || null', 'false'],
  ['1 && " 5"', 'true'],
  ['a.b.c', '3'],
  ['a.b.c * -2', '-6'],
  ['a.b', ''],
  ['missing', ''],
  ['missing + 1', '1'],
  ['arr.1', '2'],
  ['arr.2 + 1', 'x1'],
  ['s', '-6.5'],
  ['n', '7'],
  ['t', 'true'],
  ['z', ''],
  ['f', '0.5'],
  ['big', ''],
  ['a-b', ''],
  ['$x', ''],
  ['arr', ''],
  ['o', ''],
  ['@', ''],
  ['~n', '-1'],
  ['~(n + 0)', '-8'],
  ['-n', '-7'],
  ['max(1, 2, 3)', '3'],
  ['min(3, 1, 2)', '1'],
  ['max(1)', '1'],
  ['max("10", "9")', '10'],
  ['max("a", 1)', '1'],
  ['max(NaN, 1)', '1'],
  ['max(1, NaN)', 'NaN'],
  ['min("b", "a")', 'NaN'],
  ['max(true, 0)', '1'],
  ['max(null)', '0'],
  ['max(arr, 1)', '1'],
  ['abs(-2)', '2'],
  ['abs("-3")', '3'],
  ['abs(true)', '1'],
  ['abs(null)', '0'],
  ['abs("x")', 'NaN'],
  ['abs(-1, -2)', '1'],
  ['num(s)', '-6.5'],
  ['5 + num(s)', '-1.5'],
  ['num("0x1F")', '31'],
  ['num("1e3")', '1000'],
  ['num("")', '0'],
  ['num(" 12 ")', 'NaN'],
  ['num("12px")', 'NaN'],
  ['num("-0x10")', '-16'],
  ['num("+5")', '5'],
  ['num(".5")', 'NaN'],
  ['num(true)', '1'],
  ['num(missing)', '0'],
  ['str(1.50)', '1.5'],
  ['str(true)', 'true'],
  ['str(null)', 'null'],
  ['str(1) + 1', '11'],
  ['str(1e21)', '1e+21'],
  ['bool("false")', 'true'],
  ['bool("")', 'false'],
  ['bool("0")', 'true'],
  ['bool(NaN)', 'false'],
  ['bool(z)', 'false'],
  ['bool(1, 0)', 'true'],
  ['max(abs(-3), 2)', '3'],
  ['-max(1, 2)', '-2'],
  ['2 ** max(1, 2)', '4'],
  ['max(1)(2)', '2'],
  ['max (1)', '1'],
  ['max 1', '1'],
  ['max(1, 2 3)', '3'],
  ['max(1,,2)', '2'],
  ['max((1, 2), 3)', '3'],
  ['@a = 2; @b = 5 * 7.2; @c = @a * @b; @c', '72'],
  ['@a = 1', ''],
  ['@a = 1; 2', '2'],
  ['2; @a = 1', ''],
  ['@a = 1, 2', ''],
  ['@b = @a = 3; @a + @b', '3'],
  ['@a = "s"; @a + @a', 'ss'],
  ['@a = 5; @a = @a + 1; @a', '6'],
  ['@a = 1 2; @a', ''],
  ['@a.b = 1; @a', ''],
  ['x = 1; x', ''],
  ['@a = o; @a', ''],
  ['@a = 5; @a.x', ''],
  ['(@a = 5) + 1', ''],
  ['5 @a = 3', ''],
  ['# 1 + 2', 'EVAL=[[1 2 <add>]] -> 3'],
  ['# @a = 1; @a * 2', 'EVAL=[[@a 1 <assign>], [@a 2 <multiply>]] -> 2'],
  ['# max(abs(-1), 2) 3', 'EVAL=[[<args> <args> 1 <unary minus> abs() 2 max() 3]] -> 3'],
  ['# "x" null', 'EVAL=[["x" null]] -> '],
  ['# 1 +', 'EVAL=[[1 <add>]]'],
  ['# (1', 'EVAL=[]'],
  ['1 +', ''],
  ['+', ''],
  ['1 = 2', ''],
  ['.5', ''],
  ['1.5.3', ''],
  ['1e', ''],
  ['0x', ''],
  ['"abc', ''],
  ['"\\x2"', ''],
  ['"\\u41"', ''],
  ['foo(1)', ''],
  ['(1', ''],
  ['1)', ''],
  ['(1; 2)', ''],
  ['max()', ''],
  ['abs(arr)', ''],
  ['arr + 1', ''],
  ['arr; 3', ''],
  ['5 (arr + 1)', ''],
  ['@a = 1; arr', ''],
  ['-arr', ''],
  ['1 # 2', ''],
  ['a[0]', ''],
  ['_a', ''],
];

t.test('expressions evaluate as in the reference', async (t) => {
  for (const [source, expected] of EXPECTED) t.equal(run(source).output, expected, source);
});

t.test('golden cases from the conformance suite', async (t) => {
  const golden: [string, unknown, string][] = [
    ['0x111111111111111111111', {}, '1.2895208742556044e+24'],
    ['"\\u00ce\\u00fe\\u0266\\u00f2\\u00f1\\u00ea"', {}, 'Îþɦòñê'],
    ['!!!!a.b', { a: { b: true } }, 'true'],
    ['5 + a', { a: '-6.5' }, '5-6.5'],
    ['a + 5', { a: '-6.5' }, '-6.55'],
    ['5 + num(a)', { a: '-6.5' }, '-1.5'],
    ['2 ** (4 ** 3)', {}, '18446744073709552000'],
    ['0 < "0x01"', {}, 'true'],
    ['@foo = 3 ** factor', { factor: 3 }, ''],
  ];
  for (const [source, data, expected] of golden) t.equal(run(source, data).output, expected, source);
  t.equal(run('@foo = 3 ** factor', { factor: 3 }).vars.get('@foo'), 27);
  t.equal(run('@bar = 4 << factor', { factor: 3 }).vars.get('@bar'), 32);
});

t.test('every error has its code and the spec message', async (t) => {
  const cases: [string, ErrorCode, string, ExprLimits?][] = [
    ['1 2 3 4 5', 'EXPR_TOO_MANY_TOKENS', 'Expression exceeds the maximum number of allowed tokens: 4', limits(4, 0)],
    ['"ab" + "cd"', 'EXPR_STRING_TOO_LONG', 'Concatenation would exceed maximum string length 3', limits(0, 3)],
    ['"\\x2"', 'EXPR_BAD_HEX_ESCAPE', 'Invalid 2-char hex escape found'],
    ['"\\xZZ"', 'EXPR_BAD_HEX_ESCAPE', 'Invalid 2-char hex escape found'],
    ['"\\u41"', 'EXPR_BAD_UNICODE_ESCAPE', 'Invalid unicode escape found'],
    ['"\\U0041"', 'EXPR_BAD_UNICODE_ESCAPE', 'Invalid unicode escape found'],
    ['(1 + 2', 'EXPR_MISMATCHED_OPERATOR', 'Mismatched operator found: left paren'],
    ['1 + 2)', 'EXPR_MISMATCHED_OPERATOR', 'Mismatched operator found: right paren'],
    ['foo(1)', 'EXPR_INVALID_FUNCTION', 'Invalid function foo'],
    ['@a(1)', 'EXPR_INVALID_FUNCTION', 'Invalid function @a'],
    ['max()', 'EXPR_INVALID_FUNCTION', 'Invalid function call max(): no number, string, boolean or null argument'],
    [
      '1 +',
      'EXPR_UNEXPECTED_OPERATOR',
      'Unexpected operator found during evaluation: invalid arguments to operator add',
    ],
    [
      'arr * 2',
      'EXPR_UNEXPECTED_OPERATOR',
      'Unexpected operator found during evaluation: invalid arguments to operator multiply',
    ],
    ['o', 'EXPR_UNEXPECTED_OPERATOR', 'Unexpected operator found during evaluation: the result is an object or array'],
    ['1 # 2', 'EXPR_SYNTAX', 'Invalid expression: Unexpected character at 2: "#"'],
    ['1.2.3', 'EXPR_SYNTAX', 'Invalid expression: Duplicate decimal point in number'],
    ['"abc', 'EXPR_SYNTAX', 'Invalid expression: Unterminated string'],
  ];
  for (const [source, code, message, lim] of cases) {
    const { issues, value } = run(source, DATA, lim);
    t.same(
      issues.map((i) => [i.code, i.message]),
      [[code, message]],
      source,
    );
    if (['EXPR_TOO_MANY_TOKENS', 'EXPR_STRING_TOO_LONG', 'EXPR_INVALID_FUNCTION'].includes(code))
      t.ok(message.startsWith(ENGINE_ERRORS[code]), `${code}: starts with the spec text`);
    t.equal(value, undefined, `${source}: no value after an error`);
  }
});

t.test('issue offsets point into the source', async (t) => {
  t.equal(run('1 + (2').issues[0]!.offset, 4);
  t.equal(run('1 + 2)').issues[0]!.offset, 5);
  t.equal(run('3; foo(1)').issues[0]!.offset, 3);
  t.equal(run('"ok" "\\x4"').issues[0]!.offset, 6);
  t.equal(run('1 + 2; arr - 1').issues[0]!.offset, 11);
  t.equal(run('#1 # 2').issues[0]!.offset, 3, 'the debug mark does not shift offsets');
});

function limits(maxTokens: number, maxStringLength: number): ExprLimits {
  return { maxTokens, maxStringLength };
}

t.test('limits', async (t) => {
  t.same(DEFAULT_EXPR_LIMITS, { maxTokens: 1000, maxStringLength: 1_000_000 }, 'capped by default');
  t.equal(run(Array(500).fill('1').join(' + ')).output, '500', '999 tokens pass the default cap');
  t.equal(run(Array(501).fill('1').join(' + ')).issues[0]?.code, 'EXPR_TOO_MANY_TOKENS', '1001 tokens do not');
  t.equal(run('1 2 3 4', DATA, limits(4, 0)).output, '4');
  t.equal(run('1 2 3 4 5', DATA, limits(4, 0)).output, '');
  t.equal(run('max(1,2)', DATA, limits(6, 0)).output, '2', 'a call counts its name and both parentheses');
  t.equal(run('max(1,2)', DATA, limits(5, 0)).issues[0]?.code, 'EXPR_TOO_MANY_TOKENS');
  t.equal(run('"ab" + "c"', DATA, limits(0, 3)).output, 'abc');
  t.equal(run('"a" + 1', DATA, limits(0, 1)).issues[0]?.code, 'EXPR_STRING_TOO_LONG');
  t.equal(run('"abcd"', DATA, limits(0, 3)).output, 'abcd', 'only concatenation is limited');
  t.equal(run('@x = "abc"; 1 + 2', DATA, limits(0, 3)).output, '3');

  const doubling = `@x = "${'x'.repeat(64)}"${'; @x = @x + @x'.repeat(26)}; 1`;
  const huge = run(doubling, DATA, limits(0, 0));
  t.equal(huge.output, '', 'past the JavaScript string limit: an issue, not a RangeError');
  t.equal(huge.issues[0]?.code, 'EXPR_STRING_TOO_LONG');
  t.equal(run(doubling, DATA, limits(0, 4096)).issues[0]?.message, `${ENGINE_ERRORS.EXPR_STRING_TOO_LONG} 4096`);

  for (const [source, lim] of [
    ['1 2 3 4 5', limits(4, 0)],
    ['1 + 2', limits(2, 0)],
    ['(1)', limits(2, 0)],
    ['max(1,2)', limits(5, 0)],
    ['"ab" + "cd"', limits(0, 3)],
    ['"ab" + "c"', limits(0, 3)],
  ] as const) {
    const ours = run(source, DATA, lim);
    const theirs = referenceRun(source, DATA, lim);
    t.equal(ours.output, theirs.output, `${source} output as in the reference`);
    t.equal(ours.issues.length, theirs.errors, `${source} errors as in the reference`);
  }
});

t.test('assignments', async (t) => {
  const ok = run('@a = 2; @b = @a * 3; @b');
  t.equal(ok.output, '6');
  t.same(
    [...ok.vars],
    [
      ['@a', 2],
      ['@b', 6],
    ],
  );

  const failed = run('@a = 2; arr + 1; @a');
  t.equal(failed.output, '');
  t.equal(failed.vars.get('@a'), undefined, 'nothing is kept when the expression fails');

  const before = dataScope(DATA, new Map<string, unknown>([['@a', 1]]));
  const undone = evaluateExpression(compileExpression('@a = 2; @b = @a; @a + arr').expression, before);
  t.equal(undone.value, undefined);
  t.equal(before.resolve(['@a']), 1, 'a failed expression puts back what it replaced');
  t.equal(before.resolve(['@b']), undefined);

  t.same([...run('@a = 2; (1').vars], [], 'nor when it does not compile');

  t.same([...run('@a = o').vars], [], 'objects and arrays are not assigned');
  t.same([...run('@a.b = 1; a.b = 2; @ = 3').vars], [], 'only plain @names are assignable');
  t.same([...run('@a = missing').vars], [['@a', null]]);
  t.same([...run('@a-b = 1').vars], [['@a-b', 1]]);

  const loop: ExprScope = {
    resolve: (path) => (path[0] === '@index' ? 3 : undefined),
    assign: () => {},
  };
  const special = evaluateExpression(compileExpression('@index = 9; @index').expression, loop);
  t.equal(special.value, 3, 'assigned names are read back through the scope, which decides what @index is');

  const scope = dataScope(DATA, new Map([['@x', { y: 5 }]]));
  const viaVariable = evaluateExpression(compileExpression('@x.y * 2').expression, scope);
  t.equal(viaVariable.value, 10, '@name paths resolve through the scope');
});

t.test('a compiled expression is immutable and reusable', async (t) => {
  const { expression } = compileExpression('@n = n * 2; @n + a.b.c');
  t.ok(Object.isFrozen(expression));
  t.equal(expression.source, '@n = n * 2; @n + a.b.c');
  const first = dataScope({ n: 1, a: { b: { c: 10 } } });
  const second = dataScope({ n: 5, a: { b: { c: 0 } } });
  t.equal(evaluateExpression(expression, first).value, 12);
  t.equal(evaluateExpression(expression, second).value, 10);
  t.equal(evaluateExpression(expression, first).value, 12);
  t.equal(evaluateExpression({ source: 'forged' }, first).value, undefined, 'a foreign object evaluates to nothing');
});

t.test('formatExpressionValue', async (t) => {
  const cases: [unknown, string][] = [
    ['a b', 'a b'],
    [-0, '0'],
    [1e21, '1e+21'],
    [0.1 + 0.2, '0.30000000000000004'],
    [Number.NaN, 'NaN'],
    [-Infinity, '-Infinity'],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
    [[1, 2, 'x', null, true, [3, [4]], { a: 1 }], '1,2,x,null,true,3,4,[object Object]'],
    [[], ''],
    [{ a: 1 }, ''],
  ];
  for (const [value, expected] of cases) t.equal(formatExpressionValue(value), expected, String(value));
});

t.test('never throws, whatever the source or the data', async (t) => {
  const pieces = [
    '(',
    ')',
    ',',
    ';',
    '=',
    '+',
    '-',
    '!',
    '~',
    '**',
    '<<',
    '>>',
    '&&',
    '||',
    '==',
    '===',
    '<',
    '1',
    '1.5',
    '0x1f',
    'a',
    'a.b.c',
    '@a',
    '@',
    'arr',
    'o',
    'max(',
    'abs(',
    'num(',
    'str(',
    '"s"',
    "'\\x41'",
    '"\\u0042"',
    '#',
    ' ',
    '.',
  ];
  const odd = [undefined, null, {}, [], [1], () => 1, Symbol('s'), 10n, Number.NaN, -0, 'x'.repeat(1000)];
  const weirdScope: ExprScope = {
    resolve: (path) => odd[String(path[0]).length % odd.length],
    assign: () => {},
  };
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.array(fc.constantFrom(...pieces)).map((p) => p.join('')),
      ),
      (source) => {
        const compiled = compileExpression(source, limits(50, 100));
        const result = evaluateExpression(compiled.expression, weirdScope, limits(50, 100));
        const value = result.value;
        const allowed = value === undefined || value === null || ['number', 'string', 'boolean'].includes(typeof value);
        formatExpressionValue(value);
        return (
          allowed && [...compiled.issues, ...result.issues].every((i) => i.offset >= 0 && i.offset <= source.length)
        );
      },
    ),
    { numRuns: 3000, seed: 1234 },
  );
  t.pass('no throw');
});

t.test('deep nesting and long input stay linear and never overflow the stack', async (t) => {
  const unlimited = limits(0, 0);
  t.equal(run(`${'('.repeat(50000)}1${')'.repeat(50000)}`, DATA, unlimited).output, '1');
  t.equal(run(`${'-'.repeat(50001)}1`, DATA, unlimited).output, '-1');
  t.equal(run(`${'max('.repeat(20000)}7${')'.repeat(20000)}`, DATA, unlimited).output, '7');
});

/** mulberry32: a small deterministic generator, so the differential cases are the same on every run. */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function generator(seed: number): () => string {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[rnd(items.length)]!;
  const atoms = [
    '1',
    '0',
    '-1',
    '3.5',
    '1e3',
    '0x1f',
    '"abc"',
    "'5'",
    '""',
    '" 5"',
    '"0x10"',
    'true',
    'false',
    'null',
    'NaN',
    'Infinity',
    'PI',
    'a.b.c',
    's',
    'n',
    't',
    'z',
    'arr.1',
    'arr.2',
    'str',
    'f',
    'hx',
    'sp',
    'missing',
    '@a',
    '"\\x41"',
    '"\\u0042"',
  ];
  const binary = [
    '+',
    '-',
    '*',
    '/',
    '%',
    '**',
    '<<',
    '>>',
    '<',
    '>',
    '<=',
    '>=',
    '==',
    '!=',
    '===',
    '!==',
    '&',
    '^',
    '|',
    '&&',
    '||',
  ];
  const unary = ['-', '+', '!', '~'];
  const functions = ['abs', 'max', 'min', 'num', 'str', 'bool'];
  const expression = (depth: number): string => {
    const r = rnd(10);
    if (depth <= 0 || r < 3) return pick(atoms);
    if (r < 6) return `${expression(depth - 1)} ${pick(binary)} ${expression(depth - 1)}`;
    if (r < 7) return pick(unary) + expression(depth - 1);
    if (r < 8) return `(${expression(depth - 1)})`;
    if (r < 9) {
      const args = Array.from({ length: 1 + rnd(3) }, () => expression(depth - 1));
      return `${pick(functions)}(${args.join(', ')})`;
    }
    return `@a = ${expression(depth - 1)}; ${expression(depth - 1)}`;
  };
  return () => expression(1 + rnd(4));
}

t.test('differential: generated expressions print what the reference prints', async (t) => {
  const next = generator(20240601);
  let compared = 0;
  for (let i = 0; i < 200; i++) {
    const source = next();
    const theirs = referenceRun(source);
    const ours = run(source);
    t.equal(ours.output, theirs.output, source);
    t.equal(ours.issues.length > 0, theirs.errors > 0, `${source}: errors as in the reference`);
    compared++;
  }
  t.equal(compared, 200);
});

t.test('differential: malformed input fails where the reference fails', async (t) => {
  const rnd = random(99);
  const junk = [
    '(',
    ')',
    ',',
    ';',
    '=',
    '+',
    '-',
    '!',
    '~',
    '1',
    'a.b.c',
    '@a',
    '@',
    'max(',
    'abs(',
    '"s"',
    '**',
    '&&',
    'arr',
    'o',
    'missing',
    'true',
    '.',
    '#',
    '"\\x4"',
    '1e',
    '0x1',
    ' ',
  ];
  for (let i = 0; i < 200; i++) {
    const source = Array.from({ length: 1 + rnd(7) }, () => junk[rnd(junk.length)]).join(rnd(2) ? ' ' : '');
    const theirs = referenceRun(source);
    const ours = run(source);
    t.equal(ours.output, theirs.output, source);
    t.equal(ours.issues.length > 0, theirs.errors > 0, `${source}: errors as in the reference`);
  }
});
