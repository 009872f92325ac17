/**
 * User-facing texts of the catalogue: collections, games, feature search. Spec wording where the spec gives it
 * (accounts §2 Premium Collection dialog, §2 /feature-search, §8 error catalogue); the rest is ours.
 */
export const CATALOGUE_MESSAGES = {
  /** Spec accounts §2, Premium Collection dialog. */
  proCollectionOnly: 'This collection is available only to users with a premium subscription.',
  proCollectionName: (name: string) => `Collection: "${name}"`,
  proCollectionUpgrade: 'Upgrade your plan to access all premium collections and unlock advanced features.',
  viewPlans: 'View Subscription Plans',
  cancel: 'Cancel',
  /** Spec accounts §8, collection use progress. */
  collectionLoading: 'Loading collection...',
  collectionLoadingDetail: 'Creating a new board from the collection',
  collectionLoaded: 'Collection loaded!',
  collectionLoadedDetail: 'Successfully created a new board.',
  /** Spec accounts §8, failures. */
  collectionsFetchFailed: 'Failed to fetch collections',
  collectionUseFailed: 'Failed to use collection',
  collectionLoadFailed: 'Failed to load collection.',
  gamesFetchFailed: 'Failed to fetch games',
  gamesApiError: 'API returned error',
  randomScreenshotFailed: 'Failed to get random game screenshot',
  featureSearchFailed: 'Failed to search features',
  orientationsFetchFailed: 'Failed to fetch game orientations',
  /** Spec accounts §2, /collections and /feature-search states. */
  collectionsLoading: 'Loading collections...',
  collectionsEmpty: 'No collections available',
  featureSearchNoFilters: 'Select filters from the sidebar to begin',
  featureSearchNoResults: 'No features found. Try changing your filters.',
  featureSearchGamePlaceholder: 'Search for a game...',
  premiumFeature: 'Premium Feature',
  upgradeToUnlock: 'Upgrade Plan to Unlock',
  noImage: 'No image',
  /** API answers (ours). */
  unknownGame: 'Unknown game',
  collectionNotFound: 'Collection',
  catalogueEmpty: 'The catalogue is empty',
} as const;
