/**
 * Runs every case under some files and folders, and counts the outcome.
 */
import type { CaseResult } from './conformance-case.ts';
import type { ConformanceEngine } from './engine-port.ts';
import { findCases } from './find-cases.ts';
import { runCaseFile } from './run-case.ts';

export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface SuiteResult {
  readonly results: CaseResult[];
  /** Paths that do not exist (the corpus folder is optional). */
  readonly missing: string[];
  readonly counts: SuiteCounts;
}

export function countResults(results: readonly CaseResult[]): SuiteCounts {
  const counts: SuiteCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/** `12 passed, 1 failed`, with `, N skipped` only when something was skipped. */
export function summaryLine(counts: SuiteCounts): string {
  const line = `${counts.passed} passed, ${counts.failed} failed`;
  return counts.skipped > 0 ? `${line}, ${counts.skipped} skipped` : line;
}

export function missingPathMessage(path: string): string {
  return `skipping ${path}: no such file or folder (the conformance corpus lives beside the checkout and may be absent)`;
}

export function runSuite<T>(
  engine: ConformanceEngine<T>,
  paths: readonly string[],
  onResult?: (result: CaseResult) => void,
): SuiteResult {
  const { files, missing } = findCases(paths);
  const results: CaseResult[] = [];
  for (const file of files) {
    const result = runCaseFile(engine, file);
    results.push(result);
    onResult?.(result);
  }
  return { results, missing, counts: countResults(results) };
}
