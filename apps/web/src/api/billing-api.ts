import {
  BillingDtoSchema,
  BuyResultSchema,
  UpgradeQuoteSchema,
  type BillingDto,
  type BuyBody,
  type BuyResult,
  type PaidPlanCode,
  type UpgradeQuote,
} from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

export const billingApi = {
  get: (): Promise<BillingDto> => apiRequest('GET', '/billing', { schema: BillingDtoSchema }),
  quote: (planCode: PaidPlanCode): Promise<UpgradeQuote> =>
    apiRequest('GET', `/billing/quote?planCode=${encodeURIComponent(planCode)}`, { schema: UpgradeQuoteSchema }),
  setAutoRenew: (autoRenewBuy: boolean): Promise<BillingDto> =>
    apiRequest('PUT', '/billing/auto-renew', { body: { autoRenewBuy }, schema: BillingDtoSchema }),
  buy: (body: BuyBody): Promise<BuyResult> => apiRequest('POST', '/billing/buy', { body, schema: BuyResultSchema }),
  invoiceLink: (invoiceId: string): Promise<{ url: string }> =>
    apiRequest('POST', `/invoice/${encodeURIComponent(invoiceId)}/download-link`, {
      schema: dtoSchema<{ url: string }>('url'),
    }),
};
