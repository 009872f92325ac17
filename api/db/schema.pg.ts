import type { CardReason } from '#shared/schemas/card';
import { LOCALES } from '#shared/locale';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Screenshot } from './schema';

/**
 * The PostgreSQL twin of schema.ts: the same tables, columns, keys and indexes, so repositories and
 * services read and write the same rows on either database. tests/unit/db/schema-parity.test.ts fails when the two
 * drift. Values keep their SQLite representation where the code or a raw statement depends on it:
 * - timestamps are epoch milliseconds in a bigint (Date in, Date out, like SQLite's timestamp_ms);
 * - JSON columns are text holding JSON (board content splices the stored text into its answer unparsed);
 * - 0/1 flags stay integers; the two boolean-mode columns of schema.ts are booleans.
 */

/** Epoch milliseconds as bigint, mapped to Date like sqlite-core's integer({ mode: 'timestamp_ms' }). */
const timestampMs = customType<{ data: Date; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});
const nowMs = sql`((extract(epoch from clock_timestamp()) * 1000)::bigint)`;
const timestamp = (name: string) => timestampMs(name);
const createdAt = () => timestamp('created_at').notNull().default(nowMs);

/** JSON stored as text (like sqlite-core's text({ mode: 'json' })): parsed on read, serialised on write. */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  price: integer('price').notNull(),
  monthlyLimit: integer('monthly_limit').notNull(),
  isPopular: boolean('is_popular').notNull().default(false),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    profileImageUrl: text('profile_image_url'),
    planId: integer('plan_id')
      .notNull()
      .default(1)
      .references(() => plans.id),
    usageCount: integer('usage_count').notNull().default(0),
    monthlyLimit: integer('monthly_limit').notNull().default(1),
    usageResetDate: timestamp('usage_reset_date').notNull(),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeSubscriptionUpdatedAt: bigint('stripe_subscription_updated_at', { mode: 'number' }),
    planEndsAt: timestamp('plan_ends_at'),
    /** The interface language the user chose; null: follow the browser. Exports are made in it. */
    language: text('language', { enum: LOCALES }),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /**
     * When the address was proven (a verification link opened, or the OIDC provider said email_verified); null: not
     * proven, and the account neither sees nor accepts invitations by email until it is.
     */
    emailVerifiedAt: timestamp('email_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_oidc_identity').on(t.oidcIssuer, t.oidcSubject)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at').notNull(),
    /** When the session was last used (renewed at most hourly with its expiry); null until its first renewal. */
    lastSeenAt: timestamp('last_seen_at'),
    /** The browser's User-Agent at sign-in, cut to 512 characters: the device the sessions page names. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * Single-use links mailed to a user: `verify_email` (24 h; `email` is the address it proves, the new one for an
 * address change) and `reset_password` (1 h). Only the SHA-256 of the token is stored; `usedAt` marks it spent.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user').on(t.userId, t.purpose)],
);

export const boards = pgTable(
  'boards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    isShared: integer('is_shared').notNull().default(0),
    shareCode: text('share_code').unique(),
    /** See schema.ts: the board a share copy was made from, one copy per recipient per board. */
    copiedFromBoardId: integer('copied_from_board_id'),
    /**
     * 1 once the board's first automatic layout has run (spec board-workspace §3): set through the ops door
     * (board.autoLayoutDone), so no screen, device or member lays the board out again.
     */
    autoLayoutDone: integer('auto_layout_done').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull().default(nowMs),
  },
  (t) => [index('boards_user').on(t.userId), uniqueIndex('boards_user_board_copy').on(t.userId, t.copiedFromBoardId)],
);

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    width: doublePrecision('width').notNull().default(400),
    height: doublePrecision('height').notNull().default(100),
    locked: integer('locked'),
    createdAt: createdAt(),
  },
  (t) => [index('sections_board').on(t.boardId)],
);

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    genre: text('genre').notNull().default('Other'),
    subgenre: text('subgenre').notNull().default(''),
    tier: text('tier').notNull().default('Casual'),
    superGenre: text('super_genre').notNull().default('Casual'),
    orientation: text('orientation').notNull().default('horizontal'),
    storeUrl: text('store_url').notNull().default(''),
    isTop: boolean('is_top').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    palette: jsonText<string[]>('palette'),
  },
  (t) => [index('games_genre').on(t.genre, t.subgenre), index('games_tier').on(t.tier)],
);

export const gamesVersion = pgTable('games_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** SQLite's features_version (schema.ts), bumped by migration 0013_features_version's trigger. */
export const featuresVersion = pgTable('features_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** SQLite's catalogue_words (schema.ts): the words typo correction reads, per features version. */
export const catalogueWords = pgTable('catalogue_words', {
  version: integer('version').primaryKey(),
  words: text('words').notNull(),
});

export const features = pgTable(
  'features',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    featureScreenName: text('feature_screen_name').notNull(),
    primaryTag: text('primary_tag').notNull(),
    secondaryTag: text('secondary_tag').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    detailedDescription: text('detailed_description').notNull().default(''),
    gameLink: text('game_link').notNull().default(''),
    orientation: text('orientation').notNull().default('horizontal'),
    screenshots: jsonText<Screenshot[]>('screenshots')
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('features_game_screen').on(t.gameId, t.featureScreenName),
    // The search's candidates (search.repo.ts candidates) read from these two alone: the id is SQLite's rowid,
    // in every index there, but here a column the index must hold for the read to skip the table.
    index('features_tag_game_screen').on(t.primaryTag, t.secondaryTag, t.gameId, t.featureScreenName, t.id),
    index('features_game_tag_screen').on(t.gameId, t.primaryTag, t.secondaryTag, t.featureScreenName, t.id),
    index('features_primary_game').on(t.primaryTag, t.gameId),
    index('features_secondary_game').on(t.secondaryTag, t.gameId),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    detailedDescription: text('detailed_description').notNull().default(''),
    game: text('game').notNull().default(''),
    gameLink: text('game_link').notNull().default(''),
    images: jsonText<string[]>('images')
      .notNull()
      .default(sql`'[]'`),
    tags: jsonText<string[]>('tags')
      .notNull()
      .default(sql`'[]'`),
    orientation: text('orientation').notNull().default('horizontal'),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    featureId: integer('feature_id').references(() => features.id, { onDelete: 'set null' }),
    locked: integer('locked').notNull().default(0),
    reasons: jsonText<CardReason[]>('reasons')
      .notNull()
      .default(sql`'[]'`),
    source: text('source').notNull().default('catalogue'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cards_board').on(t.boardId),
    index('cards_own_board')
      .on(t.boardId)
      .where(sql`source = 'own'`),
    index('cards_section').on(t.sectionId),
  ],
);

export const queries = pgTable(
  'queries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id').references(() => boards.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    rating: integer('rating'),
    provider: text('provider').notNull().default('offline'),
    resultCount: integer('result_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('queries_user').on(t.userId)],
);

export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull().default('free'),
  isNew: integer('is_new').notNull().default(0),
  imageUrl: text('image_url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    sectionTitle: text('section_title').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('collection_items_collection').on(t.collectionId, t.sortOrder)],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: createdAt(),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('login_failures_key_at').on(t.key, t.at)],
);

export const ownImages = pgTable(
  'own_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    url: text('url').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    orphanedAt: timestamp('orphaned_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('own_images_user_sha').on(t.userId, t.sha256), index('own_images_url').on(t.url)],
);

export const deletedBoards = pgTable(
  'deleted_boards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id').notNull(),
    snapshot: text('snapshot').notNull(),
    deletedAt: timestamp('deleted_at').notNull(),
  },
  (t) => [index('deleted_boards_user_board').on(t.userId, t.boardId)],
);

/** See schema.ts: leases. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/** See schema.ts: boardContentVersions (bumped by the statement triggers of the board_content_versions migration). */
export const boardContentVersions = pgTable('board_content_versions', {
  boardId: integer('board_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** See schema.ts: boardChanges. */
export const boardChanges = pgTable(
  'board_changes',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id').notNull(),
    userId: integer('user_id').notNull(),
    batchId: text('batch_id'),
    fromVersion: integer('from_version').notNull(),
    toVersion: integer('to_version').notNull(),
    change: text('change').notNull(),
    refs: text('refs').notNull().default('{}'),
    forFreePlan: integer('for_free_plan').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('board_changes_user_batch').on(t.userId, t.batchId),
    index('board_changes_board_version').on(t.boardId, t.toVersion),
    index('board_changes_created').on(t.createdAt),
  ],
);

/** See schema.ts: liveStreams. */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    instance: text('instance').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('live_streams_user').on(t.userId), index('live_streams_instance').on(t.instance)],
);

/** See schema.ts: the people besides its owner who work on a board. */
export const boardMembers = pgTable(
  'board_members',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    /** See schema.ts: the board's content version when they joined, where their history starts. */
    joinedVersion: integer('joined_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('board_members_board_user').on(t.boardId, t.userId), index('board_members_user').on(t.userId)],
);

/** See schema.ts: invitations to a board, by email or by link. */
export const boardInvitations = pgTable(
  'board_invitations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    email: text('email'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('board_invitations_board_email').on(t.boardId, t.email),
    index('board_invitations_email').on(t.email),
  ],
);

/**
 * Bookmarks are per person: a row says this user bookmarked this card. Any board the user can see
 * (their own or one shared with them); the board's other members never see it. A card's `isBookmarked` on the
 * wire is the reader's row. Removing a member deletes their rows of that board's cards.
 */
export const cardBookmarks = pgTable(
  'card_bookmarks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('card_bookmarks_user_card').on(t.userId, t.cardId), index('card_bookmarks_card').on(t.cardId)],
);

/** See schema.ts: deletedCards. */
export const deletedCards = pgTable(
  'deleted_cards',
  {
    cardId: integer('card_id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    card: text('card').notNull(),
    bookmarks: text('bookmarks').notNull().default('[]'),
    deletedAt: timestamp('deleted_at').notNull(),
  },
  (t) => [index('deleted_cards_board').on(t.boardId), index('deleted_cards_deleted').on(t.deletedAt)],
);

export const pgSchema = {
  plans,
  users,
  sessions,
  accountTokens,
  boards,
  sections,
  games,
  gamesVersion,
  featuresVersion,
  catalogueWords,
  features,
  cards,
  queries,
  collections,
  collectionItems,
  feedback,
  stripeEvents,
  loginFailures,
  ownImages,
  deletedBoards,
  leases,
  boardContentVersions,
  boardChanges,
  liveStreams,
  boardMembers,
  boardInvitations,
  cardBookmarks,
  deletedCards,
};
