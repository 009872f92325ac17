import { sql } from 'drizzle-orm';
import { PLANS } from '#shared/plans';
import type { Db } from './client';
import { plans } from './schema';
import { lockNames, withTransaction } from './transaction';

/** The configured Stripe price ids (AppConfig's fields of the same names), by the env name shared/plans.ts gives. */
export type PlanPriceIds = { STRIPE_PRICE_BASIC?: string; STRIPE_PRICE_LIGHT?: string; STRIPE_PRICE_PRO?: string };

/** Makes the plans table match shared/plans.ts (and the configured Stripe price ids); safe at every start. */
export async function seedPlans(db: Db, config: PlanPriceIds): Promise<void> {
  await withTransaction(db, async (tx) => {
    // Instances starting at once on a fresh database would insert the same rows side by side: the upsert settles
    // a clash on the id, but plans.name is unique too and that clash is an error. One seeding at a time.
    await lockNames(tx, ['plans']);
    for (const [index, plan] of PLANS.entries()) {
      const stripePriceId = plan.stripePriceEnv ? (config[plan.stripePriceEnv as keyof typeof config] ?? null) : null;
      const row = {
        id: plan.id,
        name: plan.name,
        price: plan.price,
        monthlyLimit: plan.monthlyLimit,
        isPopular: plan.isPopular,
        stripePriceId,
        sortOrder: index,
      };
      await tx
        .insert(plans)
        .values(row)
        .onConflictDoUpdate({
          target: plans.id,
          set: {
            name: sql`excluded.name`,
            price: sql`excluded.price`,
            monthlyLimit: sql`excluded.monthly_limit`,
            isPopular: sql`excluded.is_popular`,
            stripePriceId: sql`excluded.stripe_price_id`,
            sortOrder: sql`excluded.sort_order`,
          },
        });
    }
  });
}
