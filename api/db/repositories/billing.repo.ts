import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { plans, stripeEvents, users } from '../schema';

export type PlanRow = typeof plans.$inferSelect;

export const billingRepo = {
  listPlans(db: Db): PlanRow[] {
    return db.select().from(plans).orderBy(asc(plans.sortOrder)).all();
  },
  getPlan(db: Db, id: number): PlanRow | undefined {
    return db.select().from(plans).where(eq(plans.id, id)).get();
  },
  planByStripePrice(db: Db, priceId: string): PlanRow | undefined {
    return db.select().from(plans).where(eq(plans.stripePriceId, priceId)).get();
  },
  userByStripeCustomer(db: Db, customerId: string) {
    return db.select().from(users).where(eq(users.stripeCustomerId, customerId)).get();
  },
  isEventProcessed(db: Db, eventId: string): boolean {
    return !!db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get();
  },
  /** Records an event id; false when it was already there (a replay), so the caller skips the effect. */
  recordEvent(db: Db, eventId: string, type: string, at: Date): boolean {
    const inserted = db
      .insert(stripeEvents)
      .values({ id: eventId, type, processedAt: at })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
      .all();
    return inserted.length > 0;
  },
};
