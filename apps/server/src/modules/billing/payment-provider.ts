import { INVOICE_DUE_DAYS } from '@plankurier/shared';

export interface PaymentRequest {
  invoiceNumber: string;
  grossCents: number;
  issuedAt: Date;
}

export interface PaymentOutcome {
  status: 'OPEN' | 'PAID';
  dueAt: Date;
}

/**
 * How a purchase gets paid. No card provider is reachable from here, so purchases run in invoice
 * mode; a card provider implements this interface and is chosen in `paymentProviderFor`.
 */
export interface PaymentProvider {
  readonly name: string;
  collect(request: PaymentRequest): Promise<PaymentOutcome>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Invoice mode: the tier is active at once, the invoice is payable within 14 days. */
export const invoicePaymentProvider: PaymentProvider = {
  name: 'invoice',
  collect: ({ issuedAt }) =>
    Promise.resolve({ status: 'OPEN', dueAt: new Date(issuedAt.getTime() + INVOICE_DUE_DAYS * DAY_MS) }),
};

export const paymentProviderFor = (): PaymentProvider => invoicePaymentProvider;
