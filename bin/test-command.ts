/**
 * `jsont test PATH... [--json FILE]`: runs conformance cases and reports failures
 * with a short diff, ending with the `N passed, N failed` line.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CaseResult } from '../engine/conformance/conformance-case.ts';
import { loadRealEngine } from '../engine/conformance/real-engine.ts';
import { missingPathMessage, runSuite, summaryLine } from '../engine/conformance/run-suite.ts';
import { shortDiff } from '../engine/conformance/short-diff.ts';
import { UsageError } from './usage.ts';

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function report(result: CaseResult): void {
  if (result.status === 'passed') return;
  if (result.status === 'skipped') {
    process.stdout.write(`SKIP ${result.path}: ${result.message ?? ''}\n`);
    return;
  }
  const lines = [`FAIL ${result.path}`];
  if (result.message) lines.push(indent(result.message));
  if (result.expected !== undefined && result.actual !== undefined) {
    lines.push(shortDiff(result.expected, result.actual));
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

export async function testCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('test needs at least one PATH (a case file or a folder)');
  const { engine } = await loadRealEngine();
  const suite = runSuite(engine, positionals, report);
  for (const path of suite.missing) process.stderr.write(`${missingPathMessage(path)}\n`);
  if (values.json !== undefined) {
    const records = suite.results.map(({ path, status, message }) => ({ path, status, message }));
    writeFileSync(values.json, `${JSON.stringify(records, null, 2)}\n`);
  }
  process.stdout.write(`${summaryLine(suite.counts)}\n`);
  return suite.counts.failed > 0 ? 1 : 0;
}
