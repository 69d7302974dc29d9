/** The engine additions this package relies on: compile origin, render host, errors placed in partials. */
import t from 'tap';
import { Engine, type Formatter } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

t.test('origin: a fragment compiled with its place in the file reports positions in the file', async (t) => {
  const engine = new Engine(defaultRegistry);
  const source = '{a|nope}\n  {b|nope}';
  const plain = engine.compile(source, { file: 'f.html' });
  t.same(
    plain.errors.map((e) => [e.line, e.column]),
    [
      [1, 4],
      [2, 6],
    ],
  );
  const placed = engine.compile(source, { file: 'f.html', origin: { line: 10, column: 21 } });
  t.same(
    placed.errors.map((e) => [e.file, e.line, e.column]),
    [
      ['f.html', 10, 24],
      ['f.html', 11, 6],
    ],
    'first line shifted by the column, later lines by lines only',
  );
  t.equal(placed.errors[0]!.snippet, '{a|nope}\n   ^', 'the snippet is the fragment line');
  const unclosed = engine.compile('x\n {.section a}', { file: 'f.html', origin: { line: 5, column: 3 } });
  t.match(unclosed.errors, [{ code: 'UNCLOSED_BLOCK', line: 6, column: 2 }]);
});

t.test('host: the render option reaches plugins as ctx.host', async (t) => {
  const seen: unknown[] = [];
  const probe: Formatter = {
    format: (_v, _a, ctx) => {
      seen.push(ctx.host);
      return 'ok';
    },
  };
  const engine = new Engine({ ...defaultRegistry, formatters: { ...defaultRegistry.formatters, probe } });
  const { template } = engine.compile('{@|probe}{@|apply p}', {});
  const host = { anything: 1 };
  t.equal(engine.render(template, {}, { host, partials: { p: '{@|probe}' } }).output, 'okok');
  engine.render(template, {}, { partials: { p: '' } });
  t.same(seen, [host, host, undefined]);
});

t.test('render errors inside a partial or macro name the file they were written in', async (t) => {
  const engine = new Engine(defaultRegistry);
  const partial = engine.compile('p\n  {.inject @x nope.json}', { file: 'blocks/p.block' }).template;
  const page = engine.compile('{.macro m}\n {.inject @y gone.json}{.end}{@|apply p}{@|apply m}{.inject @z none.json}', {
    file: 'page.html',
  }).template;
  const { errors } = engine.render(page, {}, { partials: { p: partial } });
  t.same(
    errors.map((e) => [e.file, e.line, e.column]),
    [
      ['blocks/p.block', 2, 3],
      ['page.html', 2, 2],
      ['page.html', 2, 52],
    ],
  );
  t.equal(errors[0]!.snippet, '  {.inject @x nope.json}\n  ^');
});

t.test('a macro defined in a partial reports in that partial when called from elsewhere', async (t) => {
  const engine = new Engine(defaultRegistry);
  const lib = engine.compile('{.macro m}{.inject @x nope.json}{.end}', { file: 'lib.block' }).template;
  const page = engine.compile('{.include lib}{@|apply m}', { file: 'page.html' }).template;
  const { errors } = engine.render(page, {}, { partials: { lib } });
  t.match(errors, [{ file: 'lib.block', line: 1, column: 11 }]);
});
