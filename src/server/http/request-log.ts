import type { FastifyRequest } from 'fastify';

/**
 * A request as the log records it: Fastify's own fields, with every query value left out. A
 * query can carry secrets (a reset link's token, a password from a form that a browser sent
 * without our script, an email address), and a log is read and kept by more people than the
 * database; the parameters' names stay, which is what a reader of the log needs.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `/login?email=a&password=b` → `/login?email=…&password=…`. */
export function withoutQueryValues(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const names = url
    .slice(query + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=…`);
  return `${url.slice(0, query)}?${names.join('&')}`;
}
