import Stripe from 'stripe';
import type { AppConfig } from '../config';

export type StripeConnection = { host: string; port: number; protocol: 'http' | 'https' };

/**
 * The Stripe client when STRIPE_SECRET_KEY is set, else null (self-hosted mode). `connection` points the
 * official SDK at another endpoint: tests use it with a local server that speaks Stripe's wire format.
 */
export function createStripeClient(config: Pick<AppConfig, 'STRIPE_SECRET_KEY'>, connection?: StripeConnection): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(connection ?? {}),
  });
}
