import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { plans, stripeEvents, users } from '../schema';
import { first } from '../dialect';

export type PlanRow = typeof plans.$inferSelect;

export const billingRepo = {
  async listPlans(db: Db): Promise<PlanRow[]> {
    return db.select().from(plans).orderBy(asc(plans.sortOrder));
  },
  async getPlan(db: Db, id: number): Promise<PlanRow | undefined> {
    return db.select().from(plans).where(eq(plans.id, id)).limit(1).then(first);
  },
  async planByStripePrice(db: Db, priceId: string): Promise<PlanRow | undefined> {
    return db.select().from(plans).where(eq(plans.stripePriceId, priceId)).limit(1).then(first);
  },
  async userByStripeCustomer(db: Db, customerId: string) {
    return db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1).then(first);
  },
  async isEventProcessed(db: Db, eventId: string): Promise<boolean> {
    return !!(await db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId))
      .limit(1)
      .then(first));
  },
  /** Records an event id; false when it was already there (a replay), so the caller skips the effect. */
  async recordEvent(db: Db, eventId: string, type: string, at: Date): Promise<boolean> {
    const inserted = await db
      .insert(stripeEvents)
      .values({ id: eventId, type, processedAt: at })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    return inserted.length > 0;
  },
};
