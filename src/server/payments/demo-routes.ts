import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { demoChargeSchema } from '#shared/payments';
import { mustBe, requireUser } from '#server/auth/guards';
import type { DemoPaymentProvider } from './demo-provider.js';

const error = apiErrorSchema;

/** The demo provider's card endpoint: what Stripe's servers do when its card form pays. */
export const demoPaymentRoutes: FastifyPluginAsyncZod<{ provider: DemoPaymentProvider }> = async (
  app,
  { provider },
) => {
  app.post(
    '/api/payments/demo/charge',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['payments'],
        summary:
          "Demo provider only: pays the caller's intent with a Stripe test card (4242 4242 4242 " +
          '4242 succeeds, 4000 0000 0000 0002 is declined). Takes no money',
        body: demoChargeSchema,
        response: {
          200: z.object({ status: z.literal('succeeded') }),
          400: error,
          401: error,
          402: error,
          404: error,
          409: error,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      await provider.charge(request.body, caller.id, app.clock());
      return { status: 'succeeded' as const };
    },
  );
};
