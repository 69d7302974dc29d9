/**
 * The probe's printout: the counts first (what CI shows at a glance), then
 * the failures grouped by kind, input class and route with example
 * requests written so they can be sent again, then what the server logged.
 */

import { FAILURE_KINDS, type FailureKind } from './judge.ts';
import { PROBE_LIMITS } from './limits.ts';
import type { Outcome } from './probe-case.ts';
import type { LoggedError } from './probe-server.ts';
import type { Failure, ProbeSession } from './probe-session.ts';
import type { RunResult } from './run-cases.ts';

export interface ReportInput {
  session: ProbeSession;
  run: RunResult | undefined;
  cases: number;
  visitors: number;
  serverAlive: boolean;
  serverExit: string | undefined;
  homeStatus: number | undefined;
  elapsedMs: number;
  corpusMs: number;
  loggedErrors: LoggedError[];
  serverOutput: string[];
  notes: string[];
}

const KIND_TITLES: Record<FailureKind, string> = {
  '5xx': '5xx answer',
  hang: `hang (no answer within ${PROBE_LIMITS.requestTimeoutMs / 1000} s)`,
  'unescaped-script': 'injected markup unescaped in HTML',
  'file-leak': 'file from the disk served',
  dropped: 'connection closed without an answer',
  'silent-close': 'kept-alive connection closed after the answer without Connection: close',
};

/** Prints the report and gives the failure reasons (empty when the run passed). */
export function printReport(input: ReportInput, out: (line: string) => void): string[] {
  const { session, run } = input;
  const statuses = ['1xx', '2xx', '3xx', '4xx', '5xx', 'no answer']
    .map((key) => `${key} ${session.byStatusClass.get(key) ?? 0}`)
    .join(' · ');
  const reasons: string[] = [];
  for (const kind of FAILURE_KINDS) {
    const count = session.countKind(kind);
    if (count > 0) reasons.push(`${count} × ${KIND_TITLES[kind]}`);
  }
  const serverOk = input.serverAlive && input.homeStatus === 200;
  if (!serverOk) reasons.push('the server no longer answers GET / with 200');
  if (run === undefined) reasons.push('the corpus was not sent');
  else if (run.casesLeft > 0)
    reasons.push(`${run.casesLeft} cases not sent (stopped by the ${run.stoppedBy ?? 'probe'})`);
  if (session.probeErrors.length > 0) reasons.push(`${session.probeErrors.length} cases the probe could not build`);

  const server = input.serverAlive
    ? `alive, GET / → ${input.homeStatus ?? 'no answer'}`
    : `not running (${input.serverExit ?? 'never started'})`;
  out('');
  out('bad-input probe');
  out(
    `  requests sent      ${session.sent} (${run?.casesSent ?? 0} of ${input.cases} cases; setup and follow-ups included; ${input.visitors} visitors)`,
  );
  out(`  answers            ${statuses}`);
  // Many 403s or 429s would mean the crumb or the rate limits stopped the corpus before the handlers.
  const byStatus = [...session.byStatus]
    .filter(([status]) => status >= 400)
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ${count}`)
    .join(' · ');
  out(`  4xx/5xx by status  ${byStatus}`);
  out(`  5xx                ${session.countKind('5xx')}`);
  out(`  hangs              ${session.countKind('hang')}`);
  out(`  unescaped script   ${session.countKind('unescaped-script')}`);
  out(`  file leaks         ${session.countKind('file-leak')}`);
  out(
    `  dropped            ${session.countKind('dropped')} (plus ${session.expectedCloses} closed by Node's own limits on huge bodies, long URLs or broken framing)`,
  );
  out(`  silent closes      ${session.countKind('silent-close')}`);
  out(`  server afterwards  ${server}`);
  out(
    `  elapsed            ${(input.elapsedMs / 1000).toFixed(1)} s (requests ${(input.corpusMs / 1000).toFixed(1)} s)`,
  );
  for (const note of input.notes) out(`  note               ${note}`);
  out(`  result             ${reasons.length === 0 ? 'PASS' : `FAIL: ${reasons.join('; ')}`}`);

  printGroups(session.failures, out);
  if (session.probeErrors.length > 0) {
    out('');
    out('cases the probe could not build (its own errors):');
    for (const error of session.probeErrors.slice(0, 20)) out(`  ${error}`);
  }
  if (input.loggedErrors.length > 0) {
    out('');
    out('errors the server logged, by message:');
    for (const { text, count } of input.loggedErrors.slice(0, 25))
      out(`  ${String(count).padStart(5)} × ${show(text, 300)}`);
  }
  if (!serverOk && input.serverOutput.length > 0) {
    out('');
    out("the server's last output:");
    for (const line of input.serverOutput) out(`  ${line}`);
  }
  return reasons;
}

function printGroups(failures: Failure[], out: (line: string) => void): void {
  if (failures.length === 0) return;
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.kind}\u0001${failure.outcome.inputClass}\u0001${failure.outcome.route}`;
    const group = groups.get(key);
    if (group) group.push(failure);
    else groups.set(key, [failure]);
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      FAILURE_KINDS.indexOf(a[0]!.kind) - FAILURE_KINDS.indexOf(b[0]!.kind) ||
      a[0]!.outcome.inputClass.localeCompare(b[0]!.outcome.inputClass) ||
      a[0]!.outcome.route.localeCompare(b[0]!.outcome.route),
  );
  out('');
  out(
    `failures by kind, input class and route: ${failures.length} in ${sorted.length} groups` +
      (sorted.length > PROBE_LIMITS.printedGroups ? ` (first ${PROBE_LIMITS.printedGroups} groups shown)` : ''),
  );
  let kind: FailureKind | undefined;
  for (const group of sorted.slice(0, PROBE_LIMITS.printedGroups)) {
    const first = group[0]!;
    if (first.kind !== kind) {
      kind = first.kind;
      out('');
      out(`[${KIND_TITLES[kind]}]`);
    }
    const statuses = [...new Set(group.map((f) => f.outcome.status ?? 'none'))].join(', ');
    out(
      `  ${String(group.length).padStart(4)} × ${first.outcome.route}  [${first.outcome.inputClass}]  status ${statuses}`,
    );
    for (const failure of distinctExamples(group)) out(`         e.g. ${describe(failure)}`);
  }
}

/** Examples that differ in what was sent, so two lines teach more than one. */
function distinctExamples(group: Failure[]): Failure[] {
  const seen = new Set<string>();
  const picked: Failure[] = [];
  for (const failure of group) {
    const key = failure.outcome.path.slice(0, 60) + failure.outcome.requestBody.slice(0, 60);
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(failure);
    if (picked.length === PROBE_LIMITS.examplesPerGroup) break;
  }
  return picked;
}

function describe(failure: Failure): string {
  const { outcome } = failure;
  const path =
    outcome.path.length > 140 ? `${show(outcome.path, 140)}…(${outcome.path.length} chars)` : show(outcome.path, 140);
  const body = outcome.requestBody ? `  body ${show(outcome.requestBody, 320)}` : '';
  const answer = outcome.hang
    ? 'no answer'
    : outcome.networkError
      ? `connection error ${outcome.networkError}`
      : failure.kind === 'unescaped-script'
        ? `${outcome.status} …${show(outcome.body, 240)}…`
        : `${outcome.status} ${answerSummary(outcome)}`;
  return `${outcome.method} ${path}${body}  → ${answer}`;
}

function answerSummary(outcome: Outcome): string {
  const body = outcome.body;
  if (!/html/i.test(outcome.contentType ?? '')) return show(body, 160);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
  const text = body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `HTML${title ? ` "${show(title, 60)}"` : ''}: ${show(text, 120)}`;
}

/** Text on one line with control characters and lone surrogates written as escapes. */
export function show(text: string, max: number): string {
  const quoted = JSON.stringify(text.slice(0, max));
  return quoted.slice(1, -1);
}
