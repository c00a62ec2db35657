import type { FastifyInstance } from 'fastify';

let counter = 0;

export interface TestUser {
  cookie: string;
  user: { id: string; name: string; email: string };
  password: string;
}

/**
 * Creates an account through better-auth (as POST /api/register does after its checks) and
 * answers the session cookie to send with app.inject: `headers: { cookie }`. The address counts
 * as verified, as if its mailed link had been followed, unless `verified: false`.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    image?: string;
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const password = overrides.password ?? 'Secret123';
  const response = await app.auth.api.signUpEmail({
    body: {
      name: overrides.name ?? `Test User ${counter}`,
      email: overrides.email ?? `user${counter}-${Date.now()}@example.com`,
      password,
      image: overrides.image ?? '/uploads/test-photo.webp',
    },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: TestUser['user'] };
  if (overrides.verified !== false) {
    await app.database.db
      .updateTable('user')
      .set({ emailVerified: true })
      .where('id', '=', body.user.id)
      .execute();
  }
  return { cookie: sessionCookie(response.headers.getSetCookie()), user: body.user, password };
}

/** Signs an existing account in over HTTP and answers its session cookie. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie([res.headers['set-cookie'] ?? []].flat());
}

/** Promotes a user to admin directly in the database, as `npm run make-admin` does. */
export async function makeAdmin(app: FastifyInstance, userId: string): Promise<void> {
  await app.database.db
    .updateTable('user')
    .set({ isAdmin: true })
    .where('id', '=', userId)
    .execute();
}

function sessionCookie(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
}
