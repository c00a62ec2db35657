import formbody from '@fastify/formbody';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  InjectOptions,
  LightMyRequestResponse as InjectResponse,
} from 'fastify';
import { returnPath } from '#shared/local-path';
import type { FormOutcome } from '#shared/pages';
import { paths, routePatterns } from '#shared/paths';
import type { PageAnswerer } from '#server/pages/serve';

/** A form's fields as `application/x-www-form-urlencoded` brings them. */
type FormFields = Record<string, string | string[] | undefined>;

/** The largest url-encoded form these pages take: an email, a password and a token. */
const formBodyLimit = 16 * 1024;

/**
 * The sign-in, registration and password forms, and the newsletter's forms, posted without the app's script (turned off, not
 * yet loaded, failed to load): each is a `<form method="post">` to its own page, so a password
 * never travels in an address. Each post is made into the very API call the app makes (same
 * route, same checks, limits, lockout and messages, the caller's address and cookies), then
 * answered as the app would: a redirect once signed in, or the page again with the API's message.
 */
export const pageFormRoutes: FastifyPluginAsync<{
  answerForm: PageAnswerer['answerForm'];
}> = async (app, { answerForm }) => {
  await app.register(formbody, { bodyLimit: formBodyLimit });
  const hidden = { schema: { hide: true } };

  app.post<{ Body: FormFields; Querystring: FormFields }>(
    paths.login,
    hidden,
    async (request, reply) => {
      const email = field(request.body, 'email');
      const answer = await callApi(app, request, {
        url: '/api/auth/sign-in/email',
        payload: { email, password: field(request.body, 'password') },
      });
      if (answer.statusCode === 200) return signedIn(reply, answer, request.query);
      return refused(request, reply, answer, { email });
    },
  );

  app.post<{ Body: FormFields }>(paths.forgotPassword, hidden, async (request, reply) => {
    const email = field(request.body, 'email');
    const answer = await callApi(app, request, {
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    if (answer.statusCode === 200) return done(request, reply, answer);
    return refused(request, reply, answer, { email });
  });

  app.post<{ Body: FormFields; Querystring: FormFields }>(
    paths.resetPassword,
    hidden,
    async (request, reply) => {
      const answer = await callApi(app, request, {
        url: '/api/auth/reset-password',
        payload: {
          token: field(request.query, 'token'),
          newPassword: field(request.body, 'newPassword'),
        },
      });
      if (answer.statusCode === 200) return done(request, reply, answer);
      return refused(request, reply, answer, {});
    },
  );

  app.post<{ Body: FormFields }>(paths.newsletter, hidden, async (request, reply) => {
    const email = field(request.body, 'email');
    const answer = await callApi(app, request, {
      url: '/api/newsletter/subscribe',
      payload: { email, publishers: listField(request.body, 'publishers') },
    });
    if (answer.statusCode === 202) return done(request, reply, answer);
    return refused(request, reply, answer, { email });
  });

  app.post<{ Querystring: FormFields }>(
    routePatterns.newsletterConfirm,
    hidden,
    async (request, reply) => {
      const answer = await callApi(app, request, {
        url: '/api/newsletter/confirm',
        payload: { token: field(request.query, 'token') },
      });
      if (answer.statusCode === 200) return done(request, reply, answer);
      return refused(request, reply, answer, {});
    },
  );

  app.post<{ Querystring: FormFields }>(
    routePatterns.newsletterUnsubscribe,
    hidden,
    async (request, reply) => {
      const token = encodeURIComponent(field(request.query, 'token') ?? '');
      const answer = await callApi(app, request, {
        url: `/api/newsletter/unsubscribe?token=${token}`,
        payload: {},
      });
      if (answer.statusCode === 200) return done(request, reply, answer);
      return refused(request, reply, answer, {});
    },
  );

  app.post<{ Body: FormFields; Querystring: FormFields }>(
    routePatterns.newsletterPreferences,
    hidden,
    async (request, reply) => {
      const token = encodeURIComponent(field(request.query, 'token') ?? '');
      const answer = await callApi(app, request, {
        method: 'PUT',
        url: `/api/newsletter/preferences?token=${token}`,
        // A checkbox is sent when ticked, and only then.
        payload: {
          digest: request.body.digest !== undefined,
          publishers: listField(request.body, 'publishers'),
        },
      });
      if (answer.statusCode === 200) return done(request, reply, answer);
      return refused(request, reply, answer, {});
    },
  );

  // Registration carries the photo, so its form is multipart: the body is handed to the API's
  // route as it came, which reads it with its own limits.
  await app.register(async (multipart) => {
    multipart.addContentTypeParser('multipart/form-data', (_request, body, done) => {
      done(null, body);
    });
    multipart.post<{ Querystring: FormFields }>(paths.register, hidden, async (request, reply) => {
      const from = field(request.query, 'from');
      const answer = await callApi(app, request, {
        url: from ? `/api/register?from=${encodeURIComponent(from)}` : '/api/register',
        payload: request.body as NodeJS.ReadableStream,
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      });
      if (answer.statusCode === 201) return signedIn(reply, answer, request.query);
      // The photo must be chosen again, and the name and email with it: the body went on as a
      // stream, unread here.
      return refused(request, reply, answer, {});
    });
  });

  function refused(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: InjectResponse,
    values: Record<string, string | undefined>,
  ) {
    const form: FormOutcome = {
      kind: 'refused',
      message: messageOf(answer),
      values: Object.fromEntries(
        Object.entries(values).filter((entry): entry is [string, string] => !!entry[1]),
      ),
    };
    return answerForm(request, reply, form, answer.statusCode);
  }

  function done(request: FastifyRequest, reply: FastifyReply, answer: InjectResponse) {
    return answerForm(
      request,
      reply,
      { kind: 'done', message: messageOf(answer), values: {} },
      200,
    );
  }
};

/** The API call the app would make for this form, as this caller. */
function callApi(
  app: FastifyInstance,
  request: FastifyRequest,
  call: {
    method?: 'POST' | 'PUT';
    url: string;
    payload: InjectOptions['payload'];
    headers?: Record<string, string>;
  },
): Promise<InjectResponse> {
  const pass = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? { [name]: value } : {};
  };
  return app.inject({
    method: call.method ?? 'POST',
    url: call.url,
    payload: call.payload,
    // The caller's address (as TRUST_PROXY reads it) and cookies: the same limits and lockout.
    remoteAddress: request.ip,
    headers: {
      ...pass('cookie'),
      ...pass('user-agent'),
      ...pass('accept-language'),
      ...call.headers,
    },
  });
}

/** Signed in: the session cookie, and on to the page the reader came from. */
function signedIn(reply: FastifyReply, answer: InjectResponse, query: FormFields) {
  const cookies = answer.headers['set-cookie'];
  if (cookies) reply.header('set-cookie', cookies);
  return reply.header('cache-control', 'no-store').redirect(returnPath(field(query, 'from')), 303);
}

function messageOf(answer: InjectResponse): string {
  try {
    const { message } = answer.json<{ message?: unknown }>();
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON: said below.
  }
  return 'Something went wrong on our side. Please try again.';
}

/** A field's text as the form sent it; a field sent twice counts once, as a browser's would. */
function field(fields: FormFields | undefined, name: string): string | undefined {
  const value = fields?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A field sent once for each ticked checkbox, as a list. */
function listField(fields: FormFields | undefined, name: string): string[] {
  const value = fields?.[name];
  return value === undefined ? [] : [value].flat();
}
