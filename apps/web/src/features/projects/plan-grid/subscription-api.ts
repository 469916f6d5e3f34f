import type { SubscriptionBody, SubscriptionResponse, SubscriptionsResponse } from '@plankurier/shared';
import { apiRequest } from '../../../api/client';
import { dtoSchema } from '../../../api/dto-schema';

/** PUT /api/subscription (one cell) and PUT /api/subscriptions (a row, column or group, all or none). */
export const subscriptionApi = {
  set: (body: SubscriptionBody): Promise<SubscriptionResponse> =>
    apiRequest('PUT', '/subscription', { body, schema: dtoSchema<SubscriptionResponse>('sub') }),
  setMany: (items: SubscriptionBody[]): Promise<SubscriptionsResponse> =>
    apiRequest('PUT', '/subscriptions', { body: { items }, schema: dtoSchema<SubscriptionsResponse>('changed') }),
};

/** One item goes to the single route, more to the bulk route. */
export const applySubscriptionItems = (items: SubscriptionBody[]): Promise<unknown> =>
  items.length === 1 ? subscriptionApi.set(items[0]!) : subscriptionApi.setMany(items);
