/**
 * How the site answers what no route handled, outside /api (whose scope
 * answers in its own JSON shape): the built-in page with the status's text,
 * never Fastify's JSON and never an error's own message. A body too large,
 * of the wrong type or unreadable is the visitor's mistake (4xx); anything
 * else is logged with the request id and shown as the 500 page.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../api/api-errors.ts';
import { fallbackPageFor } from './fallback-page.ts';

/** Fastify's own errors that mean the request was wrong, with the status they answer. */
const REQUEST_ERRORS: Readonly<Record<string, number>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
};

function sendHtml(reply: FastifyReply, status: number, message?: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(fallbackPageFor(status, 'Sitebuilder', message));
}

export const htmlErrors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      if (error instanceof ApiError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (error instanceof ApiError && error.statusCode < 500) {
        return sendHtml(reply, error.statusCode, error.statusCode === 400 ? error.message : undefined);
      }
      const status = REQUEST_ERRORS[(error as FastifyError).code ?? ''] ?? error.statusCode;
      if (status !== undefined && status >= 400 && status < 500) return sendHtml(reply, status);
      request.log.error({ err: error }, 'request failed');
      return sendHtml(reply, 500);
    });
    // Every GET is a page (page-routes.ts answers its own 404s), so what is left is a method no page takes.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return sendHtml(reply, 404);
      return sendHtml(reply.header('allow', 'GET, HEAD'), 405);
    });
  },
  { name: 'html-errors' },
);
