import { join } from 'node:path';
import t from 'tap';
import { parseProperties } from '../../engine/conformance/case-file.ts';
import { classifyPath } from '../../engine/conformance/case-path.ts';
import { interchangeText, jsonEqual, outputMatches } from '../../engine/conformance/compare-output.ts';
import type { CaseRenderOptions, ConformanceEngine } from '../../engine/conformance/engine-port.ts';
import { findCases } from '../../engine/conformance/find-cases.ts';
import { caseLocale, loadCase } from '../../engine/conformance/load-case.ts';
import { runCase, runCaseFile } from '../../engine/conformance/run-case.ts';
import { missingPathMessage, runSuite, summaryLine } from '../../engine/conformance/run-suite.ts';
import { shortDiff } from '../../engine/conformance/short-diff.ts';

/**
 * A stand-in engine: `{name}` is replaced by data[name], `{@locale}` and
 * `{@now}` print the render options, and the compiled form is the source in
 * one text instruction. Every render's options are kept for inspection.
 */
function fakeEngine() {
  const seen: CaseRenderOptions[] = [];
  const engine: ConformanceEngine<string> & { seen: CaseRenderOptions[] } = {
    seen,
    compile: (source) => ({ template: source, errors: [] }),
    render: (template, data, options = {}) => {
      seen.push(options);
      if (template.includes('{boom}')) throw new Error('kaput');
      const output = template.replace(/\{(@?[\w.-]+)\}/g, (_, name: string) => {
        if (name === '@locale') return String(options.locale);
        if (name === '@now') return String(options.now);
        if (name.startsWith('@')) return options.partials?.[name.slice(1)] ?? options.injects?.[name.slice(1)] ?? '';
        return String((data as Record<string, unknown>)[name] ?? '');
      });
      return { output, errors: [] };
    },
    toInterchange: (template) => [17, 1, [[0, template]], 18],
  };
  return engine;
}

const corpus = {
  core: {
    'hello-1.html': ':TEMPLATE\nHello {name}!\n\n:JSON\n{"name": "Ann"}\n\n:OUTPUT\n\n  Hello Ann!  \n\n',
    'hello-2.html': ':TEMPLATE\nHello {name}!\n\n:JSON\n{"name": "Bob"}\n\n:OUTPUT\nHello Ann!\n',
    'hello-10.html': ':TEMPLATE\n{a}\n:JSON\n{"a": 1}\n:OUTPUT\n1\n',
    'ast-1.html': ':TEMPLATE\nab\n\n:JSON\n[17, 1, [[0, "ab"]], 18]\n',
    'pretty-1.txt': ':TEMPLATE\nxy\n:JSON\n[17, 1, [[0, "nope"]], 18]\n',
    'params-1.html':
      ':PARAMS\n{"locale": "none", "now": 1700000000000}\n:TEMPLATE\n{@locale} {@now}\n:JSON\n{}\n:OUTPUT\nnull 1700000000000\n',
    'props-1.html': ':PROPERTIES\nlocale: fr_FR\n:TEMPLATE\n{@locale}\n:JSON\n{}\n:OUTPUT\nfr-FR\n',
    'default-locale-1.html': ':TEMPLATE\n{@locale}\n:JSON\n{}\n:OUTPUT\nen-US\n',
    'partials-1.html':
      ':PARTIALS\n{"p": "partial text"}\n:INJECT\n{"i.json": "{}"}\n:TEMPLATE\n{@p}/{@i.json}\n:JSON\n{}\n:OUTPUT\npartial text/{}\n',
    'bad-json-1.html': ':TEMPLATE\n{a}\n:JSON\n{nope\n:OUTPUT\n1\n',
    'no-output-1.html': ':TEMPLATE\n{a}\n:JSON\n{}\n',
    'throws-1.html': ':TEMPLATE\n{boom}\n:JSON\n{}\n:OUTPUT\nx\n',
    'README.md': '# not a case\n',
  },
  units: {
    '_numbers.json': '{"a": "1", "b": "2"}',
    'len-in.html': '\n{a}\n{b}\n',
    'len-out-fr-FR.html': '\n  1\n 2 \n',
    'len-out-en-US.html': '1\n3\n',
  },
  tables: { 'has-variants.json': ':product-1-true\n{}\n' },
};

t.test('locales and properties', async (t) => {
  t.equal(caseLocale(undefined), 'en-US');
  t.equal(caseLocale('en'), 'en-US');
  t.equal(caseLocale('none'), null);
  t.equal(caseLocale('de_DE'), 'de-DE');
  t.equal(caseLocale('pl-PL'), 'pl-PL');
  t.same(parseProperties('locale=pl-PL\nnow: 12\n\njunk'), { locale: 'pl-PL', now: '12' });
});

t.test('case kinds', async (t) => {
  const dir = t.testdir(corpus);
  const at = (...p: string[]) => join(dir, ...p);
  t.equal(classifyPath(at('core', 'hello-1.html')), 'case');
  t.equal(classifyPath(at('core', 'pretty-1.txt')), 'case');
  t.equal(classifyPath(at('core', 'README.md')), 'other');
  t.equal(classifyPath(at('units', 'len-in.html')), 'units-input');
  t.equal(classifyPath(at('units', '_numbers.json')), 'units-input');
  t.equal(classifyPath(at('units', 'len-out-fr-FR.html')), 'units-output');
  t.equal(classifyPath(at('tables', 'has-variants.json')), 'table');

  t.match(loadCase(at('core', 'hello-1.html')), {
    kind: 'render',
    compare: 'whole',
    inputs: { data: { name: 'Ann' } },
  });
  t.match(loadCase(at('core', 'ast-1.html')), { kind: 'ast', template: 'ab', expected: [17, 1, [[0, 'ab']], 18] });
  t.match(loadCase(at('core', 'pretty-1.txt')), { kind: 'ast' });
  t.match(loadCase(at('core', 'params-1.html')), { inputs: { locale: null, now: 1700000000000 } });
  t.match(loadCase(at('units', 'len-out-fr-FR.html')), {
    kind: 'render',
    compare: 'lines',
    inputs: { template: '\n{a}\n{b}\n', data: { a: '1' }, locale: 'fr-FR' },
  });
  t.match(loadCase(at('tables', 'has-variants.json')), { kind: 'not-a-case' });
  t.match(loadCase(at('units', 'len-in.html')), { kind: 'not-a-case' });
  t.match(loadCase(at('core', 'bad-json-1.html')), { kind: 'broken', reason: /:JSON is not valid JSON/ });
  t.match(loadCase(at('core', 'no-output-1.html')), { kind: 'broken', reason: /no :OUTPUT/ });
  t.match(loadCase(at('core', 'nowhere.html')), { kind: 'broken', reason: /cannot read/ });
});

t.test('running cases', async (t) => {
  const dir = t.testdir(corpus);
  const at = (...p: string[]) => join(dir, ...p);
  const engine = fakeEngine();
  const run = (...p: string[]) => runCaseFile(engine, at(...p));

  t.match(run('core', 'hello-1.html'), { status: 'passed' }, 'outputs compared trimmed');
  t.match(run('core', 'hello-2.html'), { status: 'failed', expected: 'Hello Ann!', actual: 'Hello Bob!' });
  t.match(run('core', 'ast-1.html'), { status: 'passed' });
  t.match(run('core', 'pretty-1.txt'), { status: 'failed', message: /compiled form differs/ });
  t.match(run('core', 'params-1.html'), { status: 'passed' }, 'locale none → null, now passed');
  t.match(run('core', 'props-1.html'), { status: 'passed' });
  t.match(run('core', 'default-locale-1.html'), { status: 'passed' });
  t.match(run('core', 'partials-1.html'), { status: 'passed' });
  t.match(engine.seen.at(-1), { enableExpressions: true, enableInclude: true, partials: { p: 'partial text' } });
  t.match(run('core', 'bad-json-1.html'), { status: 'failed', message: /bad case file/ });
  t.match(run('core', 'throws-1.html'), { status: 'failed', message: /engine threw Error: kaput/ });
  t.match(run('units', 'len-out-fr-FR.html'), { status: 'passed' }, 'units lines compared trimmed one by one');
  t.match(run('units', 'len-out-en-US.html'), { status: 'failed', expected: '1\n3', actual: '1\n2' });
  t.match(run('tables', 'has-variants.json'), { status: 'skipped', message: /not a case/ });
});

t.test('an engine that reads case data itself', async (t) => {
  const dir = t.testdir({ 'n-1.html': ':TEMPLATE\n{n}\n:JSON\n{"n": 1.0}\n:OUTPUT\n1.0\n' });
  const engine = fakeEngine();
  t.match(runCaseFile(engine, join(dir, 'n-1.html')), { status: 'failed' }, 'JSON.parse loses 1.0');
  const keeping = { ...engine, parseData: (text: string) => ({ n: /"n":\s*([\d.]+)/.exec(text)![1] }) };
  t.match(runCaseFile(keeping, join(dir, 'n-1.html')), { status: 'passed' });
});

t.test('collecting and summing up', async (t) => {
  const dir = t.testdir(corpus);
  const missing = join(dir, 'absent');
  const { files, missing: gone } = findCases([dir, missing]);
  const names = files.map((f) => f.slice(dir.length + 1));
  t.ok(names.includes('units/len-out-fr-FR.html'));
  t.notOk(names.includes('units/len-in.html'), 'unit inputs are not cases');
  t.notOk(
    names.some((n) => n.startsWith('tables/')),
    'tables are not cases',
  );
  t.notOk(names.includes('core/README.md'));
  t.ok(names.indexOf('core/hello-2.html') < names.indexOf('core/hello-10.html'), 'numeric name order');
  t.same(gone, [missing]);
  t.match(missingPathMessage(missing), /skipping .*absent: no such file or folder/);

  const suite = runSuite(fakeEngine(), [join(dir, 'core'), join(dir, 'tables', 'has-variants.json'), missing]);
  t.same(suite.missing, [missing]);
  t.equal(suite.counts.skipped, 1);
  t.equal(suite.counts.passed + suite.counts.failed + suite.counts.skipped, suite.results.length);
  t.equal(summaryLine({ passed: 3, failed: 1, skipped: 0 }), '3 passed, 1 failed');
  t.equal(summaryLine({ passed: 3, failed: 0, skipped: 2 }), '3 passed, 0 failed, 2 skipped');
  t.same(findCases([missing]), { files: [], missing: [missing] }, 'an absent corpus is not an error');
});

t.test('comparison helpers', async (t) => {
  t.ok(outputMatches('\n a \n', 'a', 'whole'));
  t.notOk(outputMatches('a\n b', 'a\nb', 'whole'));
  t.ok(outputMatches('a\n b', 'a\nb', 'lines'));
  t.ok(jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] }));
  t.notOk(jsonEqual([1, 2], [1, 2, 3]));
  t.notOk(jsonEqual({ a: 1 }, { b: 1 }));
  t.notOk(jsonEqual([1], { 0: 1 }));
  const big = [17, 1, Array.from({ length: 12 }, (_, i) => [0, `text number ${i}`]), 18];
  t.same(JSON.parse(interchangeText(big)), big, 'diff layout is still JSON');
  t.ok(interchangeText(big).split('\n').length > 10, 'one instruction per line');
});

t.test('short diff', async (t) => {
  const diff = shortDiff('a\nb\nc\nd', 'a\nb\nX\nd');
  t.match(diff, /first difference at line 3/);
  t.match(diff, /- 3 {2}c/);
  t.match(diff, /\+ 3 {2}X/);
  t.match(diff, / {4}2 {2}b/, 'context before');
  t.match(shortDiff('a ', 'a'), /"a "/, 'whitespace-only differences quoted');
  t.match(shortDiff('a\nb', 'a'), /\+ 2 {2}\(end of text\)/);
  t.match(shortDiff('x', 'x'), /no difference/);
  t.match(runCase(fakeEngine(), { kind: 'not-a-case', path: 'p', reason: 'r' }), { status: 'skipped' });
});
