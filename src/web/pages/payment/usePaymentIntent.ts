import { useQuery } from '@tanstack/react-query';
import type { Plan } from '#shared/plans';
import { createPaymentIntent } from '#web/lib/api/payments';

/**
 * One payment intent per visit to the page: asked for once on arrival, never refetched in the
 * background (each would be a new payment), and dropped when the page is left.
 */
export function usePaymentIntent(plan: Plan) {
  return useQuery({
    queryKey: ['payments', 'intent', plan.id],
    queryFn: () => createPaymentIntent(plan.price / 100),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
