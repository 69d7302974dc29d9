/**
 * `jsont check`: the default template passes; a broken copy is reported with file:line:col and the page.
 * Each check serves the package over the shared demo snapshot rather than migrating and seeding anew.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import t from 'tap';
import { checkPackage } from '../../bin/check-command.ts';
import { openSnapshotDemoSite } from './snapshot-demo-site.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;

t.test('the default template renders every page kind cleanly', async (t) => {
  const lines: string[] = [];
  t.equal(
    await checkPackage(DEFAULT_TEMPLATE, (line) => lines.push(line), await openSnapshotDemoSite(t, DEFAULT_TEMPLATE)),
    0,
  );
  t.match(lines.at(-1), /^\d+ pages rendered through .*; 0 problems, 0 warnings$/);
});

t.test('a broken package: each problem with its file:line:col, and the pages it breaks', async (t) => {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  const meta = `${dir}/blocks/post-meta.block`;
  await writeFile(meta, `${await readFile(meta, 'utf8')}{@|no-such-formatter}`);
  const list = `${dir}/collections/products.list`;
  await writeFile(list, `{@|apply no-such.block}${await readFile(list, 'utf8')}`);
  const lines: string[] = [];
  const problems = await checkPackage(dir, (line) => lines.push(line), await openSnapshotDemoSite(t, dir));
  t.ok(problems >= 2, `${problems} problems`);
  t.ok(
    lines.some((line) => /blocks\/post-meta\.block:\d+:\d+ .*no-such-formatter/.test(line)),
    'the unknown formatter, where it is',
  );
  t.ok(
    lines.some((line) => line.startsWith('/shop: ') && line.includes('no-such.block')),
    'the missing partial, on the page it breaks',
  );
});

t.test('files the package builds itself are warnings, printed once, not problems', async (t) => {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  const conf = `${dir}/template.conf`;
  const parsed = JSON.parse(await readFile(conf, 'utf8')) as { stylesheets: string[] };
  parsed.stylesheets.push('built-by-webpack.css');
  await writeFile(conf, JSON.stringify(parsed));
  const lines: string[] = [];
  t.equal(await checkPackage(dir, (line) => lines.push(line), await openSnapshotDemoSite(t, dir)), 0, 'no problems');
  const warnings = lines.filter((line) => line.includes('built-by-webpack.css'));
  t.equal(warnings.length, 1, 'once, though every page links the stylesheet');
  t.match(warnings[0], /^warning: template\.conf:1:\d+ Stylesheet 'built-by-webpack\.css' is not in styles\/$/);
  t.match(lines.at(-1), /; 0 problems, 1 warning$/);
});
