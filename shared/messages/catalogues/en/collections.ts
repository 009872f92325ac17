/**
 * The collections: the full-screen view, its tiles, the Premium Collection dialog, opening a collection, the
 * sidebar's 'new!' badge and the sign-in gate of /collections and /feature-search (spec accounts §2, §4, §8):
 * English, the spec's wording where it gives it.
 */
export const collections = {
  heading: 'Collections',
  back: 'Back',
  newBlock: 'New',
  expand: 'Show {{title}}',
  collapse: 'Hide {{title}}',
  pro: 'Pro collection',
  newBadge: 'new',
  /** The sidebar's badge beside Collections and Feature Search until seen in the session. */
  sidebarNew: 'new!',
  loading: 'Loading collections...',
  empty: 'No collections available',
  fetchFailed: 'Failed to fetch collections',
  /** Spec accounts §2: the upsell a free plan sees on a pro collection. */
  premium: {
    title: 'Premium Collection',
    only: 'This collection is available only to users with a premium subscription.',
    name: 'Collection: "{{name}}"',
    upgrade: 'Upgrade your plan to access all premium collections and unlock advanced features.',
    viewPlans: 'View Subscription Plans',
    cancel: 'Cancel',
  },
  /** Spec accounts §8: opening a collection makes a new board. */
  use: {
    loading: 'Loading collection...',
    loadingDetail: 'Creating a new board from the collection',
    loaded: 'Collection loaded!',
    loadedDetail: 'Successfully created a new board.',
    failedTitle: 'Error',
    failed: 'Failed to load collection.',
  },
  /** Spec accounts §2: /collections and /feature-search while the sign-in is checked. */
  authGate: {
    checking: 'Auth checking...',
    redirecting: 'Redirecting...',
  },
};
