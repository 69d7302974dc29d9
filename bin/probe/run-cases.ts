/**
 * Sends the corpus with a fixed number of requests in flight, until it is
 * done, the deadline passes or the request cap is reached, whichever comes
 * first; a case that cannot be built is the probe's error, not the server's.
 */
import { routeLabel } from './cases/routes.ts';
import { PROBE_LIMITS } from './limits.ts';
import type { CaseContext, PreparedRequest, ProbeCase } from './probe-case.ts';
import { type ProbeSession, RequestCapReached } from './probe-session.ts';

export interface RunResult {
  casesSent: number;
  casesLeft: number;
  stoppedBy: 'deadline' | 'request cap' | undefined;
}

export async function runCases(
  cases: readonly ProbeCase[],
  ctx: CaseContext,
  session: ProbeSession,
  deadline: number,
): Promise<RunResult> {
  let next = 0;
  let casesSent = 0;
  let stoppedBy: RunResult['stoppedBy'];

  const worker = async () => {
    while (next < cases.length && stoppedBy === undefined) {
      if (Date.now() >= deadline) {
        stoppedBy = 'deadline';
        break;
      }
      const probe = cases[next++]!;
      try {
        const prepared = await probe.build(ctx);
        await sendWithFollowUps(session, probe, prepared);
        casesSent++;
      } catch (error) {
        if (error instanceof RequestCapReached) {
          stoppedBy = 'request cap';
          break;
        }
        session.probeErrors.push(
          `${probe.route} [${probe.inputClass}]: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: PROBE_LIMITS.concurrency }, worker));
  return { casesSent, casesLeft: cases.length - casesSent, stoppedBy };
}

async function sendWithFollowUps(session: ProbeSession, probe: ProbeCase, prepared: PreparedRequest): Promise<void> {
  const { visitor } = prepared;
  const answer = await session.exchange(probe.route, probe.inputClass, prepared);
  if (visitor && answer.status === 200 && prepared.request.path.startsWith('/api/commerce/shopping-cart')) {
    visitor.absorbCart(answer.body);
  }
  const then: string[] = [...(prepared.thenGet ?? [])];
  const location = answer.headers.location;
  if (prepared.followRedirect && typeof location === 'string' && location.startsWith('/') && answer.status! < 400) {
    then.unshift(location);
  }
  for (const path of then) {
    const headers: Record<string, string> = {};
    const host = prepared.request.kind === 'http' ? prepared.request.headers.host : undefined;
    if (typeof host === 'string') headers.host = host;
    const cookie = visitor?.cookieHeader();
    if (cookie) headers.cookie = cookie;
    await session.exchange(routeLabel('GET', path), probe.inputClass, {
      request: { kind: 'http', method: 'GET', path, headers },
      visitor,
    });
  }
}
