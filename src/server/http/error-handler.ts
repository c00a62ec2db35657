import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../errors.js';

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
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first
        ? field
          ? `${field}: ${first.message}`
          : first.message
        : 'Invalid request';
      return reply.status(400).send({ error: 'bad_request', message });
    }
    const status = err.statusCode ?? 500;
    const code = clientCodes[status];
    if (code) return reply.status(status).send({ error: code, message: err.message });
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
