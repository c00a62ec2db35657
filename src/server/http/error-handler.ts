import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldMessage } from '#shared/api-error';
import { AppError, type ErrorCode } from '#server/errors';
import type { SecurityHeaders } from './security.js';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const clientCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * What Fastify refuses before it routes a request (an address that does not decode, `/%ff`),
 * answered like every other error and with the same security headers: no hook runs for it.
 * Fastify's `frameworkErrors` option.
 */
export function unroutableRequests(securityHeaders: SecurityHeaders) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    securityHeaders(request.raw, reply.raw, () => {
      const status = err.statusCode ?? 500;
      const code = clientCodes[status];
      if (code) {
        void reply.status(status).send({ error: code, message: 'The address is not valid.' });
        return;
      }
      request.log.error({ err }, 'request failed before routing');
      void reply.status(500).send(internalError);
    });
  };
}

const internalError = {
  error: 'internal',
  message: 'Something went wrong on our side. Please try again.',
} as const;

/** Every error leaves the server as `{ error, message }`; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(err.retryAfterSeconds));
      }
      return reply.status(err.status).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // The JSON pointer of the field at fault: "/tags/0" is tags.0.
      const path = first?.instancePath.split('/').filter((part) => part !== '') ?? [];
      const message = first?.message ? fieldMessage(path, first.message) : 'Invalid request';
      return reply.status(400).send({ error: 'bad_request', message });
    }
    const status = err.statusCode ?? 500;
    const code = clientCodes[status];
    if (code) return reply.status(status).send({ error: code, message: err.message });
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(internalError);
  });
}
