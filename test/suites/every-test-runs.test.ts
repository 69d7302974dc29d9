/** Every test file runs under `npm test`: its folder is in one suite, or .taprc runs it file by file. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { SUITES, suiteFiles, testFilesIn } from './run-test-folders.ts';

const TEST_ROOT = new URL('../', import.meta.url);
const taprc = readFileSync(new URL('../.taprc', TEST_ROOT), 'utf8');

const folders = readdirSync(TEST_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'suites')
  .map((entry) => entry.name)
  .filter((name) => readdirSync(new URL(`${name}/`, TEST_ROOT)).some((file) => file.endsWith('.test.ts')));

t.test('each folder of tests is run by exactly one suite or by .taprc', async (t) => {
  for (const folder of folders) {
    const suites = Object.entries(SUITES).filter(([, names]) => (names as readonly string[]).includes(folder));
    const ownProcesses = taprc.includes(`- test/${folder}/*.test.ts`);
    t.equal(suites.length + (ownProcesses ? 1 : 0), 1, `test/${folder}`);
  }
});

t.test('no test file sits deeper than its folder, where neither would find it', async (t) => {
  for (const folder of folders) {
    const nested = readdirSync(new URL(`${folder}/`, TEST_ROOT), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.includes('/') && file.endsWith('.test.ts'),
    );
    t.same(nested, [], `test/${folder}`);
  }
});

/** Each suite run in parts, and the files that run its parts. */
const PARTS = [
  { suite: 'browser', files: ['test/browser-suite.test.ts', 'test/browser-suite-2.test.ts'] },
  { suite: 'api-http', files: ['test/suites/api-http.test.ts', 'test/suites/api-http-2.test.ts'] },
] as const;

t.test('the parts of a suite run each of its files once', async (t) => {
  for (const { suite, files } of PARTS) {
    const parts = files.map((_, index) => suiteFiles(suite, { index, of: files.length }).map(String));
    t.same(parts.flat().sort(), testFilesIn(suite).map(String).sort(), suite);
    t.equal(new Set(parts.flat()).size, parts.flat().length, `${suite}: no file in two parts`);
    for (const [index, file] of files.entries()) {
      const source = readFileSync(new URL(file.slice('test/'.length), TEST_ROOT), 'utf8');
      t.match(source, `runSuite('${suite}', { index: ${index}, of: ${files.length} })`, file);
    }
  }
});

t.test('npm test runs every suite but the browser suite, which npm run test:browser runs', async (t) => {
  const scripts = (
    JSON.parse(readFileSync(new URL('../package.json', TEST_ROOT), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  t.equal(scripts['test:browser'], `tap ${PARTS[0].files.join(' ')}`);
  t.equal(scripts.test, 'tap');
  // What .taprc includes: its `  - test/…` lines.
  const included = [...taprc.matchAll(/^ {2}- (test\/\S+)$/gm)].map((match) => match[1]!);
  t.same(
    included.filter((pattern) => pattern.includes('browser')),
    [],
    '.taprc leaves the browser suite out',
  );
  t.ok(included.includes('test/suites/*.test.ts'), 'and runs every suite under test/suites/');
  t.notOk(existsSync(new URL('suites/browser.test.ts', TEST_ROOT)), 'of which the browser suite is none');
});
