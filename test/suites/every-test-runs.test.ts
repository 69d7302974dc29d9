/** Every test file runs under `npm test`: its folder is in one suite, or .taprc runs it file by file. */
import { readdirSync, readFileSync } from 'node:fs';
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

t.test('the parts of the browser suite run each of its files once', async (t) => {
  const parts = [0, 1].map((index) => suiteFiles('browser', { index, of: 2 }).map(String));
  t.same([...parts[0]!, ...parts[1]!].sort(), testFilesIn('browser').map(String).sort());
  t.same(
    parts[0]!.filter((file) => parts[1]!.includes(file)),
    [],
  );
});

t.test('tap starts the browser suite first, the longest, so that the others fit beside it', async (t) => {
  // tap runs the files .taprc includes in the order of their paths (en collation).
  const included = [...taprc.matchAll(/^ {2}- (test\/\S+)$/gm)].map((match) => match[1]!);
  const files = included.flatMap((pattern) => {
    const folder = /^test\/([^/*]+)\/\*\.test\.ts$/.exec(pattern)?.[1];
    return folder
      ? testFilesIn(folder).map((url) => url.pathname.slice(TEST_ROOT.pathname.length - 'test/'.length))
      : [pattern];
  });
  t.same(files.sort((a, b) => a.localeCompare(b, 'en')).slice(0, 2), [
    'test/browser-suite-2.test.ts',
    'test/browser-suite.test.ts',
  ]);
});
