import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { createDemoProvider } from './demo-provider.js';
import { demoPaymentRoutes } from './demo-routes.js';
import type { PaymentProvider } from './provider.js';
import { paymentRoutes } from './routes.js';
import { createStripeProvider } from './stripe-provider.js';
import { paymentWebhookRoutes } from './webhook-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** The configured payment provider as `app.payments`, and the payment routes. */
export const paymentsPlugin = fp<{ config: Pick<AppConfig, 'payments'> }>(
  async (app, { config }) => {
    if (config.payments.kind === 'stripe') {
      const stripe = createStripeProvider(config.payments);
      app.decorate('payments', stripe);
      await app.register(paymentWebhookRoutes, { provider: stripe });
    } else {
      const demo = createDemoProvider(app.database.db);
      app.decorate('payments', demo);
      await app.register(demoPaymentRoutes, { provider: demo });
    }
    await app.register(paymentRoutes);
  },
  { name: 'payments', dependencies: ['database', 'auth'] },
);
