import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildPackageStyles } from '../../renderer/template-package/package-styles.ts';
import {
  KEPT_STYLESHEETS,
  keepCompiledStylesheetsIn,
  stylesheetDiskCache,
} from '../../renderer/template-package/stylesheet-disk-cache.ts';

function folder(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stylesheets-'));
  t.teardown(() => {
    keepCompiledStylesheetsIn(undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A compiler that counts its runs, standing for LESS. */
function counted(css: string) {
  const runs = { count: 0 };
  return { runs, compile: () => ({ ok: true, css: `${css} ${++runs.count}` }) };
}

t.test('a compile is read back from the folder, by this compiler alone', async (t) => {
  keepCompiledStylesheetsIn(folder(t));
  const { runs, compile } = counted('body{}');
  const cache = stylesheetDiskCache<{ ok: boolean; css: string }>('compiler v1');
  t.same(
    cache.get(['input', { width: '1px' }], compile, (c) => c.ok),
    { ok: true, css: 'body{} 1' },
  );
  t.same(
    cache.get(['input', { width: '1px' }], compile, (c) => c.ok),
    { ok: true, css: 'body{} 1' },
    'read back',
  );
  // A new cache object over the same folder is what the next start makes.
  t.same(
    stylesheetDiskCache('compiler v1').get(['input', { width: '1px' }], compile, () => true),
    {
      ok: true,
      css: 'body{} 1',
    },
  );
  t.equal(runs.count, 1);
  cache.get(['input', { width: '2px' }], compile, (c) => c.ok);
  t.equal(runs.count, 2, 'other tweak values compile');
  stylesheetDiskCache('compiler v2').get(['input', { width: '1px' }], compile, () => true);
  t.equal(runs.count, 3, 'another compiler compiles');
});

t.test('a result it is told not to keep is compiled every time', async (t) => {
  keepCompiledStylesheetsIn(folder(t));
  let runs = 0;
  const failing = () => ({ ok: false, run: ++runs });
  const cache = stylesheetDiskCache<{ ok: boolean }>('compiler');
  cache.get(['broken'], failing, (c) => c.ok);
  cache.get(['broken'], failing, (c) => c.ok);
  t.equal(runs, 2);
});

t.test('without a folder nothing is kept', async (t) => {
  keepCompiledStylesheetsIn(undefined);
  const { runs, compile } = counted('a{}');
  const cache = stylesheetDiskCache<{ ok: boolean }>('compiler');
  cache.get(['x'], compile, () => true);
  cache.get(['x'], compile, () => true);
  t.equal(runs.count, 2);
});

t.test('a start keeps only the newest compiles', async (t) => {
  const dir = folder(t);
  const now = Date.now() / 1000;
  for (let i = 0; i < KEPT_STYLESHEETS + 6; i++) {
    const file = path.join(dir, `${String(i).padStart(3, '0')}.json`);
    writeFileSync(file, '{"value":{}}');
    utimesSync(file, now - 1000 + i, now - 1000 + i);
  }
  keepCompiledStylesheetsIn(dir);
  const left = readdirSync(dir).sort();
  t.equal(left.length, KEPT_STYLESHEETS);
  t.equal(left[0], '006.json', 'the six oldest went');
});

t.test("a package's stylesheets go to the folder, one file for each version of them", async (t) => {
  const dir = folder(t);
  keepCompiledStylesheetsIn(dir);
  const sources = new Map([['styles/site.less', { text: '@w: 10px;\n.a { width: @w * 2; }\n', hash: 'h1' }]]);
  const first = buildPackageStyles(sources, ['styles/site.less']);
  t.match(first.styles.css, /width: 20px/);
  t.equal(readdirSync(dir).length, 1, 'written');
  const edited = new Map([['styles/site.less', { text: '@w: 10px;\n.a { width: @w * 3; }\n', hash: 'h2' }]]);
  t.match(buildPackageStyles(edited, ['styles/site.less']).styles.css, /width: 30px/);
  t.equal(readdirSync(dir).length, 2);
});
