import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { planById, plans, type Plan } from '#shared/plans';
import { VerifyEmailNotice } from '#web/components/VerifyEmailNotice';
import { useAuth } from '#web/lib/auth/authContext';
import { formatDate } from '#web/lib/formatDate';
import { planFromState, type PaymentState } from '#web/lib/planState';
import { PlanCard } from './PlanCard';
import { SubscriptionBanner } from './SubscriptionBanner';
import { PeriodSelect } from './PeriodSelect';
import { paths } from '#shared/paths';

/** The plan most readers take, chosen when the page is opened without one. */
const defaultPlan: Plan = planById('5-days') ?? plans[1]!;

/**
 * Choosing a plan (spec: banner, period selector with the price, plan card, 'checkout now').
 * A plan card on the home page arrives with its price, which preselects that plan.
 */
export function SubscriptionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [plan, setPlan] = useState<Plan>(() => planFromState(location.state) ?? defaultPlan);

  const checkout = () => {
    const state: PaymentState = { price: plan.price / 100, subscriptionPeriod: plan.periodDays };
    void navigate(paths.payment, { state });
  };

  return (
    <div className="space-y-10">
      <SubscriptionBanner />
      <VerifyEmailNotice />
      {auth.isPremium && auth.user?.premiumUntil && (
        <p role="status" className="border-l-4 border-amber-500 bg-amber-50 px-4 py-3">
          Your premium access runs until {formatDate(auth.user.premiumUntil)}. A new plan adds its
          time to what is left.
        </p>
      )}
      <div className="grid items-start gap-8 md:grid-cols-[1fr_1.2fr]">
        <PeriodSelect plan={plan} onChange={setPlan} />
        <PlanCard plan={plan} onCheckout={checkout} />
      </div>
    </div>
  );
}
