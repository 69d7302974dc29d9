/**
 * Runs the test files of some folders in one process, one file after the
 * other: each file is imported, its tests run, then the next file is
 * imported. tap starts a process per file it is given, and a process that
 * loads tap, the server and a database costs 2–3 s of CPU before its first
 * test: across some hundred files that was half of `npm test`. Each file
 * still runs alone too (`npx tap test/api/cart-repository.test.ts`).
 *
 * A file sees the environment variables as the suite started, whatever an
 * earlier file set. What a file tears down on tap's root test (its servers,
 * its database) is torn down once its tests are done, before the next file
 * is imported: held to the suite's end, some thirty in-memory databases of
 * 128 MB and more each made the suite's heap and its collections grow. What
 * is meant to outlive one file (the browser suite's one Chromium) says so
 * with suiteTeardown.
 */
import { appendFileSync, readdirSync } from 'node:fs';
import t from 'tap';

const TEST_ROOT = new URL('../', import.meta.url);

/** The suites and the folders under test/ each runs; a folder in none is run file by file (.taprc). */
export const SUITES = {
  api: ['api'],
  'api-http': ['api-http'],
  bin: ['bin'],
  browser: ['browser'],
  hydrate: ['hydrate'],
  renderer: ['renderer', 'engine'],
  site: ['site'],
  small: ['architecture', 'conformance', 'domain', 'formatters', 'predicates', 'shared'],
} as const;

export type SuiteName = keyof typeof SUITES;

/** test/<folder>/*.test.ts, sorted, as URLs. */
export function testFilesIn(folder: string): URL[] {
  const dir = new URL(`${folder}/`, TEST_ROOT);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => new URL(name, dir));
}

type Teardown = () => unknown;

const rootTeardown = t.teardown.bind(t);
/** The root teardowns of the file that runs now; undefined outside a suite. */
let fileTeardowns: Teardown[] | undefined;
/** What files share, torn down after the last file; undefined outside a suite. */
let sharedTeardowns: Teardown[] | undefined;

/**
 * Torn down when the process's tests end, in a suite as when a file runs alone: for what files share.
 * A suite keeps its own list because calling tap's own teardown puts tap's method back on the root
 * test, in place of the one runSuite set, and every file's teardowns after that waited for the end.
 */
export function suiteTeardown(fn: Teardown): void {
  if (sharedTeardowns) sharedTeardowns.push(fn);
  else rootTeardown(fn);
}

/** The file that runs now, when it started: its time is logged to $TEST_TIMINGS once it is torn down. */
let timing: { file: string; wall: number; cpu: NodeJS.CpuUsage } | undefined;

async function tearDownFile(): Promise<void> {
  const teardowns = fileTeardowns ?? [];
  fileTeardowns = [];
  // Last first, as tap runs them.
  for (const fn of teardowns.reverse()) await fn();
  if (timing && process.env.TEST_TIMINGS) {
    const cpu = process.cpuUsage(timing.cpu);
    const seconds = (performance.now() - timing.wall) / 1000;
    appendFileSync(
      process.env.TEST_TIMINGS,
      `${seconds.toFixed(1)}\t${((cpu.user + cpu.system) / 1e6).toFixed(1)}\t${timing.file}\n`,
    );
  }
  timing = undefined;
}

function restoreEnvironment(saved: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}

/**
 * Which of a suite's files a process runs: dealt in path order as cards are,
 * back and forth (0 1 1 0 0 1 …, for two parts), so that neighbours in path
 * order, often alike in weight, split, and parts together run each file once.
 */
export interface SuitePart {
  index: number;
  of: number;
}

/** The files of one part of a suite. */
export function suiteFiles(name: SuiteName, part: SuitePart = { index: 0, of: 1 }): URL[] {
  const dealtTo = (position: number) => {
    const round = Math.floor(position / part.of);
    const seat = position % part.of;
    return round % 2 === 0 ? seat : part.of - 1 - seat;
  };
  return SUITES[name].flatMap(testFilesIn).filter((_, position) => dealtTo(position) === part.index);
}

export function runSuite(name: SuiteName, part?: SuitePart): void {
  const files = suiteFiles(name, part);
  const environment = { ...process.env };
  // A file's tests queue on the root test while it is imported; the next file's
  // import queues behind them, so files never interleave.
  fileTeardowns = [];
  sharedTeardowns = [];
  (t as { teardown(fn: Teardown): void }).teardown = (fn) => fileTeardowns!.push(fn);
  const load = (index: number): void => {
    const file = files[index];
    if (!file) {
      t.test('tear down the last file and what files shared', async () => {
        await tearDownFile();
        for (const fn of sharedTeardowns!.splice(0).reverse()) await fn();
      });
      return;
    }
    t.test(`load ${file.pathname.slice(TEST_ROOT.pathname.length)}`, async () => {
      await tearDownFile();
      restoreEnvironment(environment);
      timing = {
        file: file.pathname.slice(TEST_ROOT.pathname.length),
        wall: performance.now(),
        cpu: process.cpuUsage(),
      };
      await import(file.href);
      load(index + 1);
    });
  };
  // tap's per-file timeout (.taprc) is meant for one file.
  t.setTimeout(files.length * 120_000);
  load(0);
}
