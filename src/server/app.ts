import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsPlugin } from './analytics/plugin.js';
import { analyticsCollectRoutes } from './analytics/collect-routes.js';
import { analyticsAnswerRoutes } from './analytics/answer-routes.js';
import { articleViewsPlugin } from './articles/article-views.js';
import { articleRoutes } from './articles/routes.js';
import { cachePlugin } from './cache/plugin.js';
import { systemClock, type Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { attemptSweepPlugin } from './rate-limit/sweep.js';
import { readingMeterPlugin } from './meter/plugin.js';
import { authPlugin } from './auth/plugin.js';
import { pageFormRoutes } from './auth/page-forms.js';
import { passwordResetRoutes } from './auth/password-reset.js';
import { registrationRoutes } from './auth/register.js';
import { databasePlugin } from './db/plugin.js';
import { feedRoutes } from './feeds/routes.js';
import { healthRoutes } from './health/routes.js';
import { answerSerializerCompiler, checkedSerializerCompiler } from './http/answer-serializer.js';
import { compressThreshold, installAnswerCompression } from './http/compress-answers.js';
import { installCors } from './http/cors.js';
import { installDrain } from './http/drain.js';
import { installErrorHandler, unroutableRequests } from './http/error-handler.js';
import { installOpenApi } from './http/openapi.js';
import { installSecurity, securityHeadersFor } from './http/security.js';
import { installServerTiming } from './http/server-timing.js';
import { loggedRequest } from './http/request-log.js';
import { installWebApp } from './http/web-app.js';
import { logDestination, requestLogController, type LogStream } from './log.js';
import { loadBuiltPages } from './pages/load.js';
import { pageAnswerer, type Pages } from './pages/serve.js';
import { imagesPlugin } from './images/plugin.js';
import { outboxPage } from './mail/outbox-page.js';
import { mailPlugin } from './mail/plugin.js';
import { paymentsPlugin } from './payments/plugin.js';
import { premiumRemindersPlugin } from './payments/reminders.js';
import { publisherRoutes } from './publishers/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { userRoutes } from './users/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { newsletterPlugin } from './newsletter/plugin.js';
import { newsletterSendRoutes } from './newsletter/send-routes.js';
import { newsletterEventRoutes } from './newsletter/events-routes.js';
import { newsletterOpsRoutes } from './newsletter/ops-routes.js';
import { newsletterReaderRoutes } from './newsletter/reader-routes.js';
import { searchAttemptsPlugin } from './search/search-attempts.js';
import { searchGatePlugin } from './search/gate.js';
import { searchIndexTidyPlugin } from './search/tidy-index.js';
import { searchRoutes } from './search/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time as the server's rules see it (see clock.ts). */
    clock: Clock;
  }
}

export interface AppDependencies {
  database: DatabaseHandle;
  /** The system clock unless a test passes its own. */
  clock?: Clock;
  /** The web app's page renderer; by default the one built beside `config.webDir`, if any. */
  pages?: Pages;
  /** Where the log's lines go; standard output unless a test reads them. */
  logStream?: LogStream;
}

/** Builds the whole server from a config and its dependencies; main.ts and the tests call this. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersFor(config.publicUrl, {
    stripe: config.payments.kind === 'stripe',
  });
  const app = Fastify({
    logger: {
      ...logDestination(config, deps.logStream),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: loggedRequest },
    },
    logController: requestLogController(config),
    trustProxy: config.trustProxy,
    // Node answers slow clients with 408 instead of holding sockets forever.
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: unroutableRequests(securityHeaders),
    // find-my-way refuses a path parameter longer than 100 characters before any route sees it
    // (its guard for parameters matched by regular expressions, which we have none of), and
    // Fastify answers that as an error of its own. Every parameter reaches its route instead,
    // which answers a too-long one as it answers any unknown one: 404, or the page's 404 when
    // no route takes the path. Node's header limit (16 KiB) bounds the address itself.
    routerOptions: { maxParamLength: Number.MAX_SAFE_INTEGER },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas in the tests, not at run time (answer-serializer.ts).
  app.setSerializerCompiler(
    config.env === 'test' ? checkedSerializerCompiler : answerSerializerCompiler,
  );

  app.decorate('clock', deps.clock ?? systemClock);
  // First, so that its clock starts before any other hook's work.
  if (config.serverTiming) installServerTiming(app);
  installErrorHandler(app);
  installDrain(app);
  installSecurity(app, config.publicUrl, { securityHeaders, corsOrigins: config.corsOrigins });
  installCors(app, config.corsOrigins);
  installAnswerCompression(app);
  await app.register(compress, { threshold: compressThreshold });
  await installOpenApi(app, config.publicUrl);
  await app.register(databasePlugin, { handle: deps.database });
  await app.register(cachePlugin);
  await app.register(searchGatePlugin);
  await app.register(searchAttemptsPlugin);
  await app.register(articleViewsPlugin);
  await app.register(searchIndexTidyPlugin, { intervalMs: config.sweepIntervalMs });
  await app.register(mailPlugin, { config });
  await app.register(newsletterPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(readingMeterPlugin, { config });
  await app.register(analyticsPlugin, { config });
  await app.register(attemptSweepPlugin, { intervalMs: config.sweepIntervalMs });
  await app.register(imagesPlugin, { config });
  await app.register(paymentsPlugin, { config });
  await app.register(premiumRemindersPlugin, { config });

  await app.register(healthRoutes);
  await app.register(publisherRoutes);
  await app.register(articleRoutes);
  await app.register(searchRoutes);
  await app.register(userRoutes);
  await app.register(statisticsRoutes);
  await app.register(analyticsCollectRoutes);
  await app.register(analyticsAnswerRoutes, { config });
  await app.register(registrationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(newsletterRoutes, { secret: config.authSecret });
  await app.register(newsletterSendRoutes);
  await app.register(newsletterOpsRoutes);
  // Without its secret, nobody could sign a call: the route does not exist (404).
  if (config.newsletterWebhookSecret) {
    await app.register(newsletterEventRoutes, { secret: config.newsletterWebhookSecret });
  }
  await app.register(newsletterReaderRoutes);
  await app.register(feedRoutes, { publicUrl: config.publicUrl });
  // Never in production: the outbox holds other people's reset links.
  if (config.env !== 'production' && config.mail.kind === 'outbox') {
    await app.register(outboxPage, { dir: config.mail.dir });
  }

  const pages = deps.pages ?? (config.webDir ? await loadBuiltPages(config.webDir) : null);
  const answerer = pages && pageAnswerer(app, pages, config.publicUrl, config.authSecret);
  // The sign-in, registration and password forms work before the app's script has run.
  if (answerer) await app.register(pageFormRoutes, { answerForm: answerer.answerForm });
  await installWebApp(app, {
    webDir: config.webDir,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    pages: answerer,
  });
  return app;
}
