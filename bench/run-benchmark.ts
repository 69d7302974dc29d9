/**
 * The engine benchmark proper, apart from its command line (./engine.ts), so it
 * can be pointed at any engine. The two closing lines give the speedup (peer time / our time) as the
 * geometric mean over cases of the per-case ratio of medians. A mean of ratios
 * weighs every case alike; a ratio of summed times would let the few largest
 * templates decide it. Summed medians are printed in the table as well.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ConformanceCase } from '../engine/conformance/conformance-case.ts';
import type { ConformanceEngine } from '../engine/conformance/engine-port.ts';
import { findCases } from '../engine/conformance/find-cases.ts';
import { loadCase } from '../engine/conformance/load-case.ts';
import { type ContestTiming, type Phase, prepareContests, timeContests } from './compare-engines.ts';
import { geometricMean, sinkValue } from './measure.ts';
import { PeerEngine } from './peer-engine.ts';

export const USAGE = `usage: npm run bench:engine [-- options]
  --fixtures DIR   a folder of conformance cases; repeatable (default ../shared/conformance)
  --rounds N       measurements per case and engine; the median is kept (default 5)
  --target-ms MS   duration of one measurement (default 10; lowered to fit --budget-s)
  --budget-s S     rough limit on the timed part of the run (default 75)
  --json FILE      write the per-case figures to FILE
  --help           show this text
`;

export interface Options {
  help: boolean;
  fixtures: string[];
  rounds: number;
  targetMs: number;
  budgetS: number;
  json?: string;
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got '${text}'`);
  return n;
}

export function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      fixtures: { type: 'string', multiple: true },
      rounds: { type: 'string' },
      'target-ms': { type: 'string' },
      'budget-s': { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  return {
    help: values.help ?? false,
    fixtures: values.fixtures ?? ['../shared/conformance'],
    rounds: Math.round(positiveNumber('rounds', values.rounds, 5)),
    targetMs: positiveNumber('target-ms', values['target-ms'], 10),
    budgetS: positiveNumber('budget-s', values['budget-s'], 75),
    json: values.json,
  };
}

interface PhaseSummary {
  readonly cases: number;
  readonly oursUs: number;
  readonly peerUs: number;
  readonly sumSpeedup: number;
  readonly geoSpeedup: number;
}

function summarize(timings: readonly ContestTiming[], phase: Phase): PhaseSummary {
  const rows = timings.filter((t) => t.phase === phase);
  const oursUs = rows.reduce((s, t) => s + t.oursNs, 0) / 1000;
  const peerUs = rows.reduce((s, t) => s + t.peerNs, 0) / 1000;
  return {
    cases: rows.length,
    oursUs,
    peerUs,
    sumSpeedup: peerUs / oursUs,
    geoSpeedup: geometricMean(rows.map((t) => t.peerNs / t.oursNs)),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows
    .map((r) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '))
    .join('\n');
}

export async function runBenchmark<T>(ours: ConformanceEngine<T>, options: Options): Promise<void> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const { files, missing } = findCases(options.fixtures);
  for (const path of missing) log(`skipping ${path}: no such folder`);
  if (files.length === 0) throw new Error(`no conformance cases under ${options.fixtures.join(', ')}`);
  const cases: ConformanceCase[] = files.map(loadCase);

  const peer = new PeerEngine();
  const { contests, excluded } = prepareContests(ours, peer, cases);
  const why = new Map<string, number>();
  for (const reason of excluded.values()) why.set(reason, (why.get(reason) ?? 0) + 1);
  const counted = new Set(contests.map((c) => c.path)).size;
  log(`${files.length} case files; ${counted} passed by both engines and timed`);
  if (why.size > 0) log(`left out: ${[...why].map(([reason, n]) => `${n} ${reason}`).join(', ')}`);
  if (contests.length === 0) throw new Error('no case is passed by both engines; nothing to compare');

  // Each contest is measured twice per round (ours, peer); shrink measurements to fit the budget.
  const fitMs = (options.budgetS * 1000) / (contests.length * 2 * options.rounds);
  const targetMs = Math.max(1, Math.min(options.targetMs, fitMs));
  log(`timing ${contests.length} operations x 2 engines, ${options.rounds} rounds, ~${targetMs.toFixed(1)} ms each`);
  const started = Date.now();
  const timings = timeContests(contests, {
    rounds: options.rounds,
    targetNs: targetMs * 1e6,
    onRound: (r) =>
      process.stderr.write(`  round ${r}/${options.rounds} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`),
  });

  const compile = summarize(timings, 'compile');
  const render = summarize(timings, 'render');
  const fmt = (n: number) => n.toFixed(1);
  log('');
  log(
    table([
      ['phase', 'cases', 'ours µs (sum of medians)', 'peer µs (sum of medians)', 'speedup (sums)', 'speedup (geomean)'],
      ...(
        [
          ['compile', compile],
          ['render', render],
        ] as const
      ).map(([name, s]) => [
        name,
        String(s.cases),
        fmt(s.oursUs),
        fmt(s.peerUs),
        s.sumSpeedup.toFixed(2),
        s.geoSpeedup.toFixed(2),
      ]),
    ]),
  );
  if (options.json !== undefined) {
    const perCase = timings.map((t) => ({ ...t, speedup: t.peerNs / t.oursNs }));
    writeFileSync(
      options.json,
      `${JSON.stringify({ targetMs, rounds: options.rounds, compile, render, excluded: Object.fromEntries(excluded), cases: perCase }, null, 2)}\n`,
    );
    log(`per-case figures written to ${options.json}`);
  }
  log(`(checksum ${sinkValue()}; speedup = geometric mean over cases of peer median / our median)`);
  log(`compile speedup vs peer: ${compile.geoSpeedup.toFixed(2)}`);
  log(`render speedup vs peer: ${render.geoSpeedup.toFixed(2)}`);
}
