import Stripe from 'stripe';
import type { AppConfig } from '../config';

export type StripeConnection = { host: string; port: number; protocol: 'http' | 'https' };

/**
 * The Stripe client when STRIPE_SECRET_KEY is set, else null (self-hosted mode). `connection` points the
 * official SDK at another endpoint: tests use it with a local server that speaks Stripe's wire format.
 */
export function createStripeClient(
  config: Pick<AppConfig, 'STRIPE_SECRET_KEY'> & Partial<Pick<AppConfig, 'STRIPE_API_BASE'>>,
  connection: StripeConnection | undefined = connectionFromBase(config.STRIPE_API_BASE),
): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(connection ?? {}),
  });
}

/** STRIPE_API_BASE (e.g. http://127.0.0.1:12111) as the SDK's host/port/protocol options. */
export function connectionFromBase(base: string | undefined): StripeConnection | undefined {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}
