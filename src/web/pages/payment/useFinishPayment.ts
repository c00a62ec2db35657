import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { paymentMessages } from '#shared/payments';
import { confirmPayment } from '#web/lib/api/payments';
import { userKeys } from '#web/lib/api/users';

/**
 * After the card form paid: the server checks the payment with the provider and grants the plan;
 * the fresh record goes straight into the cache, so Premium Articles shows at once. Then the
 * spec's thanks, and home. Throws the server's error for the form to show.
 */
export function useFinishPayment(): (paymentIntentId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (paymentIntentId: string) => {
      const record = await confirmPayment(paymentIntentId);
      queryClient.setQueryData(userKeys.record(record.email), record);
      toast.success(paymentMessages.thanks);
      await navigate('/');
    },
    [queryClient, navigate],
  );
}
