import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { Plan } from '#shared/plans';
import { QueryLoadError } from '#web/components/LoadError';
import { PageHeading } from '#web/components/PageHeading';
import { useAuth } from '#web/lib/auth/authContext';
import { getPaymentConfig } from '#web/lib/api/payments';
import { planFromState } from '#web/lib/planState';
import { DemoCardForm } from './DemoCardForm';
import { OrderSummary } from './OrderSummary';
import { FormError } from '#web/components/form/FormError';
import { usePaymentIntent } from './usePaymentIntent';
import { useFinishPayment } from './useFinishPayment';
import { paths } from '#shared/paths';

// Stripe's form and SDK load only where Stripe takes the payments.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * Paying for the plan chosen on /subscription (spec: the price and period come in the
 * navigation state). The card form belongs to the payment provider; the pay button waits for the
 * provider and for the payment's secret from the server.
 */
export function PaymentPage() {
  const location = useLocation();
  const plan = planFromState(location.state);
  return (
    <section className="max-w-4xl">
      <PageHeading>Payment</PageHeading>
      {plan ? (
        <Checkout plan={plan} />
      ) : (
        <p className="mt-8 font-serif text-lg">
          Choose a plan first.{' '}
          <Link to={paths.subscription} className="font-semibold text-accent underline">
            See the plans
          </Link>
        </p>
      )}
    </section>
  );
}

function Checkout({ plan }: { plan: Plan }) {
  const auth = useAuth();
  const config = useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
  });
  const intent = usePaymentIntent(plan);
  const finish = useFinishPayment();
  if (auth.status !== 'signedIn') return null;

  const billing = { name: auth.user.name, email: auth.user.email };
  const formProps = {
    plan,
    billing,
    intent: intent.data,
    onPaid: finish,
  };
  return (
    <div className="mt-8 grid items-start gap-8 md:grid-cols-[1fr_1.3fr]">
      <OrderSummary plan={plan} billing={billing} />
      <div className="border border-rule bg-surface p-6 sm:p-8">
        <h2 className="text-xl font-bold">Card details</h2>
        {config.isError ? (
          <div className="mt-4">
            <QueryLoadError what="the payment form" query={config} />
          </div>
        ) : config.data?.provider === 'stripe' ? (
          <Suspense fallback={<p className="mt-4 text-ink-muted">Loading the card form…</p>}>
            <StripeCardForm publishableKey={config.data.publishableKey} {...formProps} />
          </Suspense>
        ) : (
          <DemoCardForm ready={config.data?.provider === 'demo'} {...formProps} />
        )}
        {intent.error && <FormError className="mt-4" message={intent.error.message} />}
      </div>
    </div>
  );
}
