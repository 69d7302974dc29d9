/**
 * Timing primitives: a measurement runs an operation n times back to back and
 * reports nanoseconds per run; n is scaled so one measurement lasts about a
 * target time, long enough that timer resolution and call overhead vanish.
 */

/** Results are folded in here so the optimiser cannot drop an operation as dead code. */
let sink = 0;
export function consume(value: string): void {
  sink = (sink + value.length) | 0;
}
export function sinkValue(): number {
  return sink;
}

export type Operation = () => void;

/** Nanoseconds per run of `op`, over `iterations` back-to-back runs. */
export function measure(op: Operation, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) op();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/**
 * Iterations for one measurement of about `targetNs`: doubles a trial count
 * until a trial lasts a tenth of the target, then extrapolates.
 */
export function calibrate(op: Operation, targetNs: number): number {
  let n = 1;
  for (;;) {
    const perRun = measure(op, n);
    const spent = perRun * n;
    if (spent >= targetNs / 10 || n >= 1 << 24) return Math.max(1, Math.round(targetNs / Math.max(perRun, 1)));
    n *= 2;
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}
