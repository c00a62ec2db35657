import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

/** Where a test sends the log's lines instead of standard output. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The log's level and destination: JSON lines on standard output (or a test's stream), or, for
 * a person at a terminal, readable lines through pino-pretty. pino runs pino-pretty on a worker
 * thread and loads it only then, so production never loads it.
 */
export function logDestination(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  stream?: LogStream,
): Pick<LoggerOptions, 'level' | 'transport'> & { stream?: LogStream } {
  if (stream) return { level: config.logLevel, stream };
  if (config.logFormat !== 'readable') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      // One line an entry, its fields as JSON after the message; the time of day is enough.
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/**
 * Fastify's two lines a request ("incoming request", "request completed") at debug rather than
 * info: at a terminal they would bury what the server says about itself. A failed request is
 * still logged as an error, and LOG_LEVEL=debug shows them all.
 */
class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's request lines for the log's format: at info in JSON, at debug in readable lines. */
export function requestLogController(
  config: Pick<AppConfig, 'logFormat'>,
): LogController | undefined {
  return config.logFormat === 'readable' ? new RequestsAtDebug() : undefined;
}
