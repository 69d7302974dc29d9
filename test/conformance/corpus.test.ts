/**
 * The whole shared conformance corpus (../shared/conformance, every folder),
 * run with the real engine: it gates npm test. A case allowed to fail is
 * listed with its reason in expected-failures.json; an unlisted failure
 * fails, and so does a listed case that passes again (the list is kept
 * honest). The corpus lives beside the checkout and is optional, and the
 * engine is imported lazily, so this file loads and reports cleanly in
 * every state of the tree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { RealEngine } from '../../engine/conformance/real-engine.ts';
import { missingPathMessage, runSuite, summaryLine } from '../../engine/conformance/run-suite.ts';
import { shortDiff } from '../../engine/conformance/short-diff.ts';

// CONFORMANCE_DIR points at another corpus of the same layout.
const ROOT = process.env.CONFORMANCE_DIR ?? fileURLToPath(new URL('../../../shared/conformance', import.meta.url));

interface ExpectedFailure {
  case: string;
  reason: string;
}

const expected: ExpectedFailure[] = JSON.parse(
  readFileSync(new URL('./expected-failures.json', import.meta.url), 'utf8'),
).cases;

t.test('every allowed failure names its case and its reason', async (t) => {
  for (const entry of expected) {
    t.match(entry, { case: /\.html$/, reason: /\S/ }, entry.case);
  }
});

if (!existsSync(ROOT)) {
  t.pass(missingPathMessage(ROOT));
} else {
  let loaded: RealEngine | undefined;
  try {
    const { loadRealEngine } = await import('../../engine/conformance/real-engine.ts');
    loaded = await loadRealEngine();
  } catch (e) {
    t.fail(`the engine does not load: ${(e as Error).message}`);
  }
  if (loaded) {
    const suite = runSuite(loaded.engine, [ROOT]);
    const allowed = new Map(expected.map((entry) => [entry.case, entry.reason]));
    const passedAgain: string[] = [];
    for (const r of suite.results) {
      const name = relative(ROOT, r.path);
      if (r.status === 'failed' && !allowed.has(name)) {
        const diff = r.expected !== undefined && r.actual !== undefined ? `\n${shortDiff(r.expected, r.actual)}` : '';
        t.fail(`${name}: ${r.message ?? ''}${diff}`);
      }
      if (r.status === 'passed' && allowed.has(name)) passedAgain.push(name);
    }
    t.comment(summaryLine(suite.counts));
    t.ok(suite.results.length > 0, `${suite.results.length} cases in the corpus`);
    t.same(passedAgain, [], 'no case listed in expected-failures.json passes (take it off the list)');
    t.equal(
      suite.counts.failed,
      suite.results.filter((r) => r.status === 'failed' && allowed.has(relative(ROOT, r.path))).length,
      'every failure is an allowed one',
    );
  }
}
