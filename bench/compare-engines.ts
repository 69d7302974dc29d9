/**
 * Times our engine against the peer on the same conformance cases. A case
 * counts only when both engines get it right, so neither side is timed doing
 * something different (or nothing) where it is wrong.
 */
import { jsonEqual, outputMatches } from '../engine/conformance/compare-output.ts';
import type { ConformanceCase } from '../engine/conformance/conformance-case.ts';
import type { ConformanceEngine } from '../engine/conformance/engine-port.ts';
import { caseData, renderOptions } from '../engine/conformance/run-case.ts';
import { calibrate, consume, measure, median, type Operation } from './measure.ts';
import type { PeerEngine } from './peer-engine.ts';

export type Phase = 'compile' | 'render';

/** One timed pair: the same work done by each engine. */
export interface Contest {
  readonly path: string;
  readonly phase: Phase;
  readonly ours: Operation;
  readonly peer: Operation;
}

export type Exclusion = 'ours-fails' | 'peer-fails' | 'both-fail' | 'not-runnable';

export interface Preparation {
  readonly contests: Contest[];
  /** Why cases were left out, by path. */
  readonly excluded: Map<string, Exclusion>;
}

function exclusion(oursOk: boolean, peerOk: boolean): Exclusion | undefined {
  if (oursOk && peerOk) return undefined;
  if (oursOk) return 'peer-fails';
  return peerOk ? 'ours-fails' : 'both-fail';
}

/** Runs `check` and treats a throw as a wrong answer: a crashing case is simply not comparable. */
function passes(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/**
 * Checks every case on both engines and returns the timed operations of those
 * both pass: compile for ast and render cases, render for render cases. Each
 * render is checked on its second run, so an engine that mutates its compiled
 * form or its inputs while running is caught rather than timed.
 */
export function prepareContests<T>(
  ours: ConformanceEngine<T>,
  peer: PeerEngine,
  cases: readonly ConformanceCase[],
): Preparation {
  const contests: Contest[] = [];
  const excluded = new Map<string, Exclusion>();
  for (const c of cases) {
    if (c.kind === 'ast') {
      const oursOk = passes(() => jsonEqual(ours.toInterchange(ours.compile(c.template).template), c.expected));
      const peerOk = passes(() => jsonEqual(peer.compile(c.template), c.expected));
      const why = exclusion(oursOk, peerOk);
      if (why) excluded.set(c.path, why);
      else {
        const source = c.template;
        contests.push({
          path: c.path,
          phase: 'compile',
          ours: () => void ours.compile(source),
          peer: () => void peer.compile(source),
        });
      }
      continue;
    }
    if (c.kind !== 'render') {
      excluded.set(c.path, 'not-runnable');
      continue;
    }
    const { inputs, expected, compare } = c;
    let oursRender: Operation | undefined;
    let peerRender: Operation | undefined;
    const oursOk = passes(() => {
      const { template } = ours.compile(inputs.template, { file: inputs.templateFile ?? c.path });
      const data = caseData(ours, inputs);
      const options = renderOptions(inputs);
      oursRender = () => consume(ours.render(template, data, options).output);
      ours.render(template, data, options);
      return outputMatches(expected, ours.render(template, data, options).output, compare);
    });
    const peerOk = passes(() => {
      const code = peer.compile(inputs.template);
      const prepared = peer.prepare(inputs);
      peerRender = () => consume(peer.render(code, prepared));
      peer.render(code, prepared);
      return outputMatches(expected, peer.render(code, prepared), compare);
    });
    const why = exclusion(oursOk, peerOk);
    if (why) {
      excluded.set(c.path, why);
      continue;
    }
    const source = inputs.template;
    contests.push({
      path: c.path,
      phase: 'compile',
      ours: () => void ours.compile(source, { file: inputs.templateFile ?? c.path }),
      peer: () => void peer.compile(source),
    });
    contests.push({ path: c.path, phase: 'render', ours: oursRender!, peer: peerRender! });
  }
  return { contests, excluded };
}

export interface ContestTiming {
  readonly path: string;
  readonly phase: Phase;
  /** Median over rounds, nanoseconds per run. */
  readonly oursNs: number;
  readonly peerNs: number;
}

export interface TimingOptions {
  readonly rounds: number;
  /** Wall time one measurement should take. */
  readonly targetNs: number;
  /** Called after each round, for progress output. */
  readonly onRound?: (round: number) => void;
}

/**
 * Warm-up, calibration, then `rounds` passes over all contests. Within a pass
 * the two engines alternate on each case, and which one goes first flips every
 * round, so drift (GC pressure, CPU frequency) falls on both alike.
 */
export function timeContests(contests: readonly Contest[], options: TimingOptions): ContestTiming[] {
  // Warm-up lets the JIT settle on every code path before any count is fixed.
  for (const c of contests) {
    for (let i = 0; i < 3; i++) {
      c.ours();
      c.peer();
    }
  }
  const iterations = contests.map((c) => ({
    ours: calibrate(c.ours, options.targetNs),
    peer: calibrate(c.peer, options.targetNs),
  }));
  const samples = contests.map(() => ({ ours: [] as number[], peer: [] as number[] }));
  for (let round = 0; round < options.rounds; round++) {
    contests.forEach((c, i) => {
      const n = iterations[i]!;
      const s = samples[i]!;
      if (round % 2 === 0) {
        s.ours.push(measure(c.ours, n.ours));
        s.peer.push(measure(c.peer, n.peer));
      } else {
        s.peer.push(measure(c.peer, n.peer));
        s.ours.push(measure(c.ours, n.ours));
      }
    });
    options.onRound?.(round + 1);
  }
  return contests.map((c, i) => ({
    path: c.path,
    phase: c.phase,
    oursNs: median(samples[i]!.ours),
    peerNs: median(samples[i]!.peer),
  }));
}
