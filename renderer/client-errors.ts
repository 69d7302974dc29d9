/**
 * The answer to a request Node's HTTP parser refused before any route could
 * see it (a malformed request line or header, headers too large, headers
 * that never finished arriving). The connection cannot be used again after
 * it, so the answer says `Connection: close`: a client or proxy that keeps
 * connections alive then opens a new one rather than having its next
 * request reset. The body is the API's error shape.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, type ApiErrorCode } from '../api/api-errors.ts';

const PARSER_ERRORS: Readonly<Record<string, ApiErrorCode>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request-timeout',
  HPE_HEADER_OVERFLOW: 'headers-too-large',
};

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const apiError = new ApiError(PARSER_ERRORS[error.code ?? ''] ?? 'bad-request');
    const body = JSON.stringify(apiError.toBody());
    socket.end(
      [
        `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode]}`,
        'Connection: close',
        'Content-Type: application/json; charset=utf-8',
        'Cache-Control: no-store',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroySoon();
}
