/**
 * The plan catalogue: one place for names, prices (cents) and monthly search limits (spec accounts §3, §9:
 * "exact prices not shown", so these are ours). Seeded into the plans table at start; -1 means unlimited.
 */
export const PLAN_IDS = { free: 1, basic: 2, light: 3, pro: 4 } as const;

export type PlanConfig = {
  id: number;
  name: 'Free' | 'Basic' | 'Light' | 'Pro';
  price: number;
  monthlyLimit: number;
  /** Bytes of own images (uploads and image links) a user may keep; -1 means unlimited. */
  storageBytes: number;
  /** People who may work on one board (team boards come later; the limit is stated now); -1 means unlimited. */
  membersPerBoard: number;
  isPopular: boolean;
  tagline: string;
  /** Env variable holding this plan's Stripe price id; the free plan is never bought. */
  stripePriceEnv: string | null;
};

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PLANS: readonly PlanConfig[] = [
  {
    id: 1,
    name: 'Free',
    price: 0,
    monthlyLimit: 5,
    storageBytes: 200 * MB,
    membersPerBoard: 1,
    isPopular: false,
    tagline: 'Try Loot on a few searches',
    stripePriceEnv: null,
  },
  {
    id: 2,
    name: 'Basic',
    price: 999,
    monthlyLimit: 40,
    storageBytes: 2 * GB,
    membersPerBoard: 3,
    isPopular: false,
    tagline: 'For the occasional reference hunt',
    stripePriceEnv: 'STRIPE_PRICE_BASIC',
  },
  {
    id: 3,
    name: 'Light',
    price: 1999,
    monthlyLimit: 150,
    storageBytes: 10 * GB,
    membersPerBoard: 10,
    isPopular: true,
    tagline: 'For designers who research every week',
    stripePriceEnv: 'STRIPE_PRICE_LIGHT',
  },
  {
    id: 4,
    name: 'Pro',
    price: 4999,
    monthlyLimit: -1,
    storageBytes: -1,
    membersPerBoard: -1,
    isPopular: false,
    tagline: 'Unlimited looting for whole teams',
    stripePriceEnv: 'STRIPE_PRICE_PRO',
  },
];

export const FREE_PLAN_ID = PLAN_IDS.free;
export const UNLIMITED = -1;
/** Spec accounts §5/§9: the usage limit defaults to 1 when missing. */
export const DEFAULT_MONTHLY_LIMIT = 1;

export function planById(id: number | null | undefined): PlanConfig | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The storage quota of a plan in bytes (-1 unlimited); an unknown plan gets the free plan's. */
export function storageBytesForPlan(planId: number | null | undefined): number {
  return (planById(planId) ?? planById(FREE_PLAN_ID)!).storageBytes;
}

/** Members per board of a plan (-1 unlimited); an unknown plan gets the free plan's. */
export function membersPerBoardForPlan(planId: number | null | undefined): number {
  return (planById(planId) ?? planById(FREE_PLAN_ID)!).membersPerBoard;
}
