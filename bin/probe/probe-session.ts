/**
 * One probe run's bookkeeping: every request (setup, corpus, follow-up)
 * goes through `exchange`, which sends it, hands Set-Cookie to the visitor,
 * judges the answer and counts it, and refuses to send past the cap.
 */
import { strangerAddress } from './client-addresses.ts';
import { UNESCAPED_MARKERS } from './hostile-values.ts';
import { type FailureKind, judge } from './judge.ts';
import { PROBE_LIMITS } from './limits.ts';
import type { InputClass, Outcome, PreparedRequest } from './probe-case.ts';
import type { Answer, RequestSender } from './send-request.ts';

export interface Failure {
  kind: FailureKind;
  outcome: Outcome;
}

export class RequestCapReached extends Error {
  constructor() {
    super(`request cap of ${PROBE_LIMITS.maxRequests} reached`);
  }
}

export class ProbeSession {
  sent = 0;
  readonly byStatusClass = new Map<string, number>();
  readonly byStatus = new Map<number, number>();
  readonly failures: Failure[] = [];
  /** Connections closed without an answer where Node's own limits allow it (see judge.ts). */
  expectedCloses = 0;
  /** Problems of the probe itself (a case it could not build), reported apart from the server's. */
  readonly probeErrors: string[] = [];

  private readonly sender: RequestSender;
  constructor(sender: RequestSender) {
    this.sender = sender;
  }

  async exchange(route: string, inputClass: InputClass, prepared: PreparedRequest): Promise<Answer> {
    if (this.sent >= PROBE_LIMITS.maxRequests) throw new RequestCapReached();
    this.sent++;
    const { request, visitor } = prepared;
    if (request.kind === 'http' && !Object.keys(request.headers).some((h) => h.toLowerCase() === 'x-forwarded-for')) {
      request.headers['x-forwarded-for'] = visitor?.address ?? strangerAddress();
    }
    const answer = await this.sender.send(request);
    if (visitor) visitor.absorb(answer.headers['set-cookie']);
    const outcome: Outcome = {
      route,
      inputClass,
      method: request.method,
      path: request.path,
      requestBody: bodyStart(request.kind === 'raw' ? request.bytes : request.body),
      status: answer.status,
      contentType: header(answer.headers['content-type']),
      body: answer.body,
      hang: answer.hang,
      networkError: answer.networkError,
      silentClose: answer.silentClose,
      ms: answer.ms,
    };
    this.count(outcome);
    return answer;
  }

  private count(outcome: Outcome): void {
    const statusClass = outcome.status !== undefined ? `${Math.floor(outcome.status / 100)}xx` : 'no answer';
    this.byStatusClass.set(statusClass, (this.byStatusClass.get(statusClass) ?? 0) + 1);
    if (outcome.status !== undefined) this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
    const kinds = judge(outcome);
    if (outcome.networkError && !outcome.hang && !kinds.includes('dropped')) this.expectedCloses++;
    for (const kind of kinds) {
      // Failures keep only the part of the body the report shows.
      this.failures.push({ kind, outcome: { ...outcome, body: shownPart(kind, outcome.body) } });
    }
  }

  count5xx(): number {
    return this.failures.filter((f) => f.kind === '5xx').length;
  }

  countKind(kind: FailureKind): number {
    return this.failures.filter((f) => f.kind === kind).length;
  }
}

function shownPart(kind: FailureKind, body: string): string {
  if (kind !== 'unescaped-script') return body.slice(0, 2000);
  const at = Math.max(...UNESCAPED_MARKERS.map((marker) => body.indexOf(marker)));
  return body.slice(Math.max(0, at - 120), at + 120);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bodyStart(body: string | Buffer | undefined): string {
  if (body === undefined) return '';
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return text.slice(0, 600);
}
