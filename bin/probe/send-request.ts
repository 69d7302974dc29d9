/**
 * Sends one probe request to the server on 127.0.0.1 and reads its answer
 * within the request timeout. node:http carries ordinary requests, each on
 * a connection of its own and outside any Agent pool: a pool hands a freed
 * socket to the next queued request (even without keep-alive), so a
 * connection the server drops after one bad request would fail whichever
 * request came next, and the report would blame that one. Bytes node:http
 * refuses to write go over a plain socket.
 */
import http from 'node:http';
import net from 'node:net';
import { PROBE_LIMITS } from './limits.ts';
import type { HttpRequest, RawRequest, WireRequest } from './probe-case.ts';

export interface Answer {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  hang: boolean;
  networkError?: string;
  /** A raw request with a second one after it: the server closed the connection without saying so first. */
  silentClose?: boolean;
  ms: number;
}

export class RequestSender {
  private readonly port: number;
  constructor(port: number) {
    this.port = port;
  }

  send(request: WireRequest): Promise<Answer> {
    return request.kind === 'raw' ? this.sendRaw(request) : this.sendHttp(request);
  }

  private sendHttp(request: HttpRequest): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Omit<Answer, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, ms: Math.round(performance.now() - started) });
      };
      const headers: Record<string, string | string[]> = { ...request.headers };
      if (request.body !== undefined && !hasHeader(headers, 'content-length')) {
        headers['content-length'] = String(Buffer.byteLength(request.body));
      }
      let req: http.ClientRequest;
      try {
        req = http.request(
          {
            host: '127.0.0.1',
            port: this.port,
            method: request.method,
            path: request.path,
            headers,
            agent: false,
          },
          (res) => {
            const kept = new BodyKeeper();
            res.on('data', (chunk: Buffer) => kept.add(chunk));
            res.on('end', () =>
              finish({ status: res.statusCode, headers: res.headers, body: kept.text(), hang: false }),
            );
            res.on('error', (error) =>
              finish({
                status: res.statusCode,
                headers: res.headers,
                body: kept.text(),
                hang: false,
                networkError: code(error),
              }),
            );
          },
        );
      } catch (error) {
        // node:http refused to write it: a mistake in the corpus, not the server's.
        throw new Error(`probe cannot send ${request.method} ${request.path.slice(0, 80)}: ${code(error)}`);
      }
      const timer = setTimeout(() => {
        finish({ headers: {}, body: '', hang: true });
        req.destroy();
      }, PROBE_LIMITS.requestTimeoutMs);
      req.on('error', (error) => finish({ headers: {}, body: '', hang: false, networkError: code(error) }));
      req.end(request.body);
    });
  }

  private sendRaw(request: RawRequest): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve) => {
      let first: Buffer | undefined;
      let chunks: Buffer[] = [];
      let settled = false;
      const socket = net.connect({ host: '127.0.0.1', port: this.port });
      const finish = (hang: boolean, networkError?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        const parsed = parseRawAnswer(first ?? Buffer.concat(chunks));
        // The second request went unanswered on a connection the first answer did not close.
        const silentClose = first !== undefined && !rawAnswerComplete(Buffer.concat(chunks));
        resolve({
          ...parsed,
          hang: hang && (parsed.status === undefined || silentClose),
          networkError: parsed.status === undefined && !hang ? (networkError ?? 'closed without an answer') : undefined,
          silentClose: silentClose && !hang,
          ms: Math.round(performance.now() - started),
        });
      };
      const timer = setTimeout(() => finish(true), PROBE_LIMITS.requestTimeoutMs);
      socket.on('connect', () => socket.write(request.bytes));
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const received = Buffer.concat(chunks);
        if (!rawAnswerComplete(received)) return;
        const head = parseRawHead(received);
        const closing = head?.headers.connection?.toLowerCase().includes('close') ?? false;
        if (first === undefined && request.followedBy && !closing) {
          // A kept-alive connection must take the next request, or say Connection: close before it ends.
          first = received;
          chunks = [];
          socket.write(request.followedBy);
          return;
        }
        finish(false);
      });
      socket.on('end', () => finish(false));
      socket.on('close', () => finish(false));
      socket.on('error', (error) => finish(false, code(error)));
    });
  }
}

function hasHeader(headers: Record<string, unknown>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function code(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return `${error.code}${error instanceof Error ? ` ${error.message}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Keeps the start of a body for the checks and counts (drops) the rest. */
class BodyKeeper {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  add(chunk: Buffer): void {
    if (this.size < PROBE_LIMITS.keptBodyBytes) this.chunks.push(chunk);
    this.size += chunk.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).subarray(0, PROBE_LIMITS.keptBodyBytes).toString('utf8');
  }
}

interface RawHead {
  status: number;
  headers: Record<string, string>;
  bodyStart: number;
}

function parseRawHead(bytes: Buffer): RawHead | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, bodyStart: end + 4 };
}

/** A raw answer is complete when its declared length or last chunk arrived; otherwise at close. */
function rawAnswerComplete(bytes: Buffer): boolean {
  const head = parseRawHead(bytes);
  if (!head) return false;
  const body = bytes.subarray(head.bodyStart);
  const length = head.headers['content-length'];
  if (length !== undefined) return body.length >= Number(length);
  if (head.headers['transfer-encoding']?.includes('chunked'))
    return body.includes('\r\n0\r\n\r\n') || body.indexOf('0\r\n\r\n') === 0;
  return false;
}

function parseRawAnswer(bytes: Buffer): Pick<Answer, 'status' | 'headers' | 'body'> {
  const head = parseRawHead(bytes);
  if (!head) return { headers: {}, body: '' };
  let body = bytes.subarray(head.bodyStart);
  if (head.headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return {
    status: head.status,
    headers: head.headers,
    body: body.subarray(0, PROBE_LIMITS.keptBodyBytes).toString('utf8'),
  };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
