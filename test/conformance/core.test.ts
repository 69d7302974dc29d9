/**
 * The core language cases of the shared conformance corpus, run with the real
 * engine. The corpus lives beside the checkout (../shared/conformance) and is
 * optional, and the engine is imported lazily, so this file loads and reports
 * cleanly in every state of the tree.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { RealEngine } from '../../engine/conformance/real-engine.ts';
import { missingPathMessage, runSuite, summaryLine } from '../../engine/conformance/run-suite.ts';
import { shortDiff } from '../../engine/conformance/short-diff.ts';

// CONFORMANCE_DIR points at another corpus of the same layout.
const ROOT = process.env.CONFORMANCE_DIR ?? fileURLToPath(new URL('../../../shared/conformance', import.meta.url));
const CORE = join(ROOT, 'core');

if (!existsSync(CORE)) {
  t.pass(missingPathMessage(CORE));
} else {
  let loaded: RealEngine | undefined;
  try {
    const { loadRealEngine } = await import('../../engine/conformance/real-engine.ts');
    loaded = await loadRealEngine();
  } catch (e) {
    t.fail(`the engine does not load: ${(e as Error).message}`);
  }
  if (loaded) {
    const suite = runSuite(loaded.engine, [CORE]);
    for (const r of suite.results) {
      if (r.status !== 'failed') continue;
      const diff = r.expected !== undefined && r.actual !== undefined ? `\n${shortDiff(r.expected, r.actual)}` : '';
      t.fail(`${r.path}: ${r.message ?? ''}${diff}`);
    }
    t.comment(summaryLine(suite.counts));
    t.ok(suite.results.length > 0, 'the core folder holds cases');
    t.equal(suite.counts.failed, 0, 'every core case passes');
  }
}
