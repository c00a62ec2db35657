import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once a shutdown has begun: health answers 503 and every answer closes its connection. */
    draining: { active: boolean };
  }
}

/**
 * Shutdown as load balancers expect it. Closing the listener at once (Node's server.close())
 * also closes every idle keep-alive connection, and a client that has just written its next
 * request on one gets ECONNRESET. So a drain comes first: the health check answers 503, so the
 * balancer stops sending, while every request that still arrives is answered with
 * `Connection: close`, which ends its connection cleanly. Then the server closes.
 */
export function installDrain(app: FastifyInstance): void {
  app.decorate('draining', { active: false });
  app.addHook('onRequest', async (_request, reply) => {
    if (app.draining.active) reply.header('connection', 'close');
  });
}

/**
 * Drains for at most `drainMs` (less once no connection is left open), then closes the app:
 * requests in flight finish, the database closes.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.draining.active = true;
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline && (await openConnections(app.server)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.close();
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}
