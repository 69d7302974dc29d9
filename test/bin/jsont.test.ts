/**
 * The jsont CLI, spawned as a user runs it, on small temporary files.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Through `env -u NODE_OPTIONS`: tap adds its process-tracking hook to NODE_OPTIONS of
 * every process a test starts, whatever env it passes, and that hook doubled the cost of
 * each run here. A user's shell has no such hook, so the CLI runs as they run it.
 */
const CLI = ['-u', 'NODE_OPTIONS', process.execPath, join(ROOT, 'bin', 'jsont.ts')];

function jsont(args: string[], input?: string) {
  const r = spawnSync('env', [...CLI, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Commands that render need the engine; when it does not load, say so once and skip them.
let engineProblem: string | undefined;
try {
  const { loadRealEngine } = await import('../../engine/conformance/real-engine.ts');
  await loadRealEngine();
} catch (e) {
  engineProblem = `the engine does not load: ${(e as Error).message}`;
}
const needsEngine = engineProblem ? { skip: engineProblem } : {};

t.test('usage', async (t) => {
  const none = jsont([]);
  t.equal(none.code, 2);
  t.match(none.stdout, /usage: npm run jsont/);
  t.equal(jsont(['help']).code, 0);
  const unknown = jsont(['frobnicate']);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown command 'frobnicate'[\s\S]*usage:/);
  const badOption = jsont(['compile', 'x.html', '--wat']);
  t.equal(badOption.code, 2);
  t.match(badOption.stderr, /--wat[\s\S]*usage:/);
  t.match(jsont(['render']).stderr, /exactly one TEMPLATE/);
  t.match(jsont(['test']).stderr, /at least one PATH/);
  t.match(jsont(['render', 'x.html', '--now', 'soon']).stderr, /--now must be epoch milliseconds/);
});

t.test('render', needsEngine, async (t) => {
  const dir = t.testdir({
    'hello.html': 'Hello {name}!',
    'data.json': '{"name": "Ann"}',
    'apply.html': '{@|apply greeting.html}',
    'parts.json': '{"greeting.html": "Hi {name}."}',
    parts: { 'greeting.html': 'Hey {name}.' },
    'broken.html': '{name|no-such-formatter}',
  });
  const at = (name: string) => join(dir, name);
  t.same(jsont(['render', at('hello.html'), '--json', at('data.json')]), { code: 0, stdout: 'Hello Ann!', stderr: '' });
  t.match(jsont(['render', at('hello.html'), '--json', '-'], '{"name": "Bo"}'), { code: 0, stdout: 'Hello Bo!' });
  t.match(jsont(['render', at('hello.html')]), { code: 0, stdout: 'Hello !' }, 'data defaults to {}');
  t.match(jsont(['render', at('apply.html'), '--json', at('data.json'), '--partials', at('parts.json')]), {
    code: 0,
    stdout: 'Hi Ann.',
  });
  t.match(jsont(['render', at('apply.html'), '--json', at('data.json'), '--partials', at('parts')]), {
    code: 0,
    stdout: 'Hey Ann.',
  });
  const broken = jsont(['render', at('broken.html'), '--json', at('data.json')]);
  t.equal(broken.code, 1);
  t.match(broken.stderr, /broken\.html:1:\d+ .*no-such-formatter/);
  const missing = jsont(['render', at('nope.html')]);
  t.equal(missing.code, 1);
  t.match(missing.stderr, /jsont: .*nope\.html/);
  t.match(jsont(['render', at('hello.html'), '--json', at('hello.html')]), { code: 1, stderr: /not valid JSON/ });
});

t.test('compile', needsEngine, async (t) => {
  const dir = t.testdir({ 'ok.html': 'a{b}c', 'bad.html': '{.section a}never closed' });
  t.same(jsont(['compile', join(dir, 'ok.html')]), { code: 0, stdout: 'ok\n', stderr: '' });
  const ast = jsont(['compile', join(dir, 'ok.html'), '--ast']);
  t.equal(ast.code, 0);
  t.same(JSON.parse(ast.stdout), [
    17,
    1,
    [
      [0, 'a'],
      [1, [['b']], 0],
      [0, 'c'],
    ],
    18,
  ]);
  const bad = jsont(['compile', join(dir, 'bad.html')]);
  t.equal(bad.code, 1);
  t.match(bad.stderr, /bad\.html:1:1 /);
});

t.test('test', needsEngine, async (t) => {
  const dir = t.testdir({
    cases: {
      'good-1.html': ':TEMPLATE\nHello {name}!\n\n:JSON\n{"name": "Ann"}\n\n:OUTPUT\nHello Ann!\n',
      nested: { 'bad-1.html': ':TEMPLATE\nline\n{name}\n:JSON\n{"name": "Bob"}\n:OUTPUT\nline\nAnn\n' },
    },
  });
  const report = join(dir, 'report.json');
  const run = jsont(['test', join(dir, 'cases'), join(dir, 'absent'), '--json', report]);
  t.equal(run.code, 1);
  t.match(run.stdout, /FAIL .*bad-1\.html/);
  t.match(run.stdout, /first difference at line 2[\s\S]*- 2 {2}Ann[\s\S]*\+ 2 {2}Bob/);
  t.match(run.stdout, /\n1 passed, 1 failed\n$/);
  t.match(run.stderr, /skipping .*absent: no such file or folder/);
  const records = JSON.parse(readFileSync(report, 'utf8')) as { path: string; status: string }[];
  t.same(
    records.map((r) => r.status),
    ['passed', 'failed'],
  );
  t.match(records[1], { path: /bad-1\.html$/, message: /output differs/ });

  const good = jsont(['test', join(dir, 'cases', 'good-1.html')]);
  t.same({ code: good.code, stdout: good.stdout }, { code: 0, stdout: '1 passed, 0 failed\n' });
  const nothing = jsont(['test', join(dir, 'absent')]);
  t.match(nothing, { code: 0, stdout: '0 passed, 0 failed\n', stderr: /skipping/ });
});
