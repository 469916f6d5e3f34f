import type { BuyBody, PaidPlanCode } from '@plankurier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session/session-store';
import { billingApi } from './billing-api';
import { userApi } from './user-api';

export const billingKeys = {
  billing: ['billing'] as const,
  /**
   * Not under ['billing']: a buy refreshes the billing data, and a quote refreshed with it would ask
   * for the plan just bought, which is no upgrade target any more (409 billing.current_plan).
   */
  quote: (planCode: PaidPlanCode) => ['billing-quote', planCode] as const,
};

/** Subscription, upgrade options and invoices; only owners may read them (others get 403). */
export const useBilling = (enabled = true) =>
  useQuery({ queryKey: billingKeys.billing, queryFn: billingApi.get, enabled });

/**
 * The price of a plan with today's credit; asked afresh each time the finalize step opens. `settled`
 * (the plan was bought) stops asking again, e.g. on window focus, before the done step replaces it.
 */
export const useUpgradeQuote = (planCode: PaidPlanCode | null, settled = false) =>
  useQuery({
    queryKey: billingKeys.quote(planCode ?? 'P1M'),
    queryFn: () => billingApi.quote(planCode!),
    enabled: planCode !== null && !settled,
    staleTime: 0,
    gcTime: 0,
  });

/** Buys the plan, then reloads the billing data and the profile (tier, limits, upgrade link). */
export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyBody) => billingApi.buy(body),
    onSuccess: async () => {
      const user = await userApi.getUser().catch(() => null);
      if (user) sessionStore.setUser(user);
      await queryClient.invalidateQueries({ queryKey: billingKeys.billing });
    },
  });
}

/** Renewal on or off; the answer is the new billing state, the profile follows. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoRenewBuy: boolean) => billingApi.setAutoRenew(autoRenewBuy),
    onSuccess: async (billing) => {
      queryClient.setQueryData(billingKeys.billing, billing);
      const user = await userApi.getUser().catch(() => null);
      if (user) sessionStore.setUser(user);
    },
  });
}

export const useInvoiceDownload = () =>
  useMutation({
    mutationFn: (invoiceId: string) => billingApi.invoiceLink(invoiceId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
