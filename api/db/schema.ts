import type { CardReason } from '#shared/schemas/card';
import { LOCALES } from '#shared/locale';
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch; every timestamp column uses this so ordering and arithmetic stay trivial. */
const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const plans = sqliteTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Price per month in cents (spec: display is cents / 100). */
  price: integer('price').notNull(),
  /** Searches per month; -1 means unlimited (spec accounts §3). */
  monthlyLimit: integer('monthly_limit').notNull(),
  isPopular: integer('is_popular', { mode: 'boolean' }).notNull().default(false),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull(),
});

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    /** Set by the latest subscription event we applied, so an older event arriving late cannot undo a newer one. */
    stripeSubscriptionUpdatedAt: integer('stripe_subscription_updated_at'),
    /** A paid plan cancelled at the period's end (Stripe): when it ends; null while it renews. */
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

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    /** Absolute expiry: sliding renewal never extends a session past this. */
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
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

export const boards = sqliteTable(
  'boards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    isShared: integer('is_shared').notNull().default(0),
    /** Unguessable share code (≥128 bits); cleared when the board is unshared so old links stop working. */
    shareCode: text('share_code').unique(),
    /**
     * On a recipient's copy of a shared board: the id of the board it was copied from. One recipient keeps one copy
     * per board (the unique index) across Stop sharing and sharing again, until they delete it. No foreign key:
     * board ids are never reused, and the link outlives the source's deletion and its undo.
     */
    copiedFromBoardId: integer('copied_from_board_id'),
    /**
     * 1 once the board's first automatic layout has run (spec board-workspace §3): set through the ops door
     * (board.autoLayoutDone), so no screen, device or member lays the board out again.
     */
    autoLayoutDone: integer('auto_layout_done').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('boards_user').on(t.userId), uniqueIndex('boards_user_board_copy').on(t.userId, t.copiedFromBoardId)],
);

export const sections = sqliteTable(
  'sections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    x: real('x').notNull().default(0),
    y: real('y').notNull().default(0),
    width: real('width').notNull().default(400),
    height: real('height').notNull().default(100),
    /**
     * The free-plan lock (spec accounts §4), decided once when a free user's section is created and never again
     * from titles the user can change: null = not decided (a paid owner's section), 0 = open, 1 = locked.
     * Upgrading clears it; a downgrade decides the sections that exist then. See section-lock.service.
     */
    locked: integer('locked'),
    createdAt: createdAt(),
  },
  (t) => [index('sections_board').on(t.boardId)],
);

export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull().unique(),
    genre: text('genre').notNull().default('Other'),
    subgenre: text('subgenre').notNull().default(''),
    tier: text('tier').notNull().default('Casual'),
    superGenre: text('super_genre').notNull().default('Casual'),
    orientation: text('orientation').notNull().default('horizontal'),
    storeUrl: text('store_url').notNull().default(''),
    isTop: integer('is_top', { mode: 'boolean' }).notNull().default(false),
    isNew: integer('is_new', { mode: 'boolean' }).notNull().default(false),
    /** JSON: the palette the screenshot generator paints this game's screens with. */
    palette: text('palette', { mode: 'json' }).$type<string[]>(),
  },
  (t) => [index('games_genre').on(t.genre, t.subgenre), index('games_tier').on(t.tier)],
);

/**
 * One row: a number that changes whenever a game row does (triggers in migration 0008_games_version_triggers), so
 * any process sharing the database can tell cheaply whether what it derived from the games is still current (the
 * query engine's game-name index).
 */
export const gamesVersion = sqliteTable('games_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * One row: a number that changes whenever a feature row does (triggers in migration 0019_features_version), so a
 * process can tell with one read whether the catalogue words it spells queries against are still current.
 */
export const featuresVersion = sqliteTable('features_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * The catalogue's words as typo correction spells queries against (api/search/spelling.ts), one row per features
 * version: the words and how many features say each, as a JSON object. Written by the first process that needs
 * the words of a version and read by every other one, so all instances agree and only one counts; a newer
 * version's row replaces the older ones.
 */
export const catalogueWords = sqliteTable('catalogue_words', {
  version: integer('version').primaryKey(),
  words: text('words').notNull(),
});

export type Screenshot = { path?: string | null; url?: string | null };

export const features = sqliteTable(
  'features',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    /** JSON: up to five {path, url} slots in the spec's record order; a url is preferred per slot. */
    screenshots: text('screenshots', { mode: 'json' })
      .$type<Screenshot[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('features_game_screen').on(t.gameId, t.featureScreenName),
    // A search reads thousands of candidates by tag, category or game as (id, game, tags, screen name): these two
    // hold all of it, so the read never visits the rows with their long descriptions (100,000-feature latency).
    index('features_tag_game_screen').on(t.primaryTag, t.secondaryTag, t.gameId, t.featureScreenName),
    index('features_game_tag_screen').on(t.gameId, t.primaryTag, t.secondaryTag, t.featureScreenName),
    // Feature search reads every match of a tag filter as (id, game id) to take turns by game: with these two
    // indexes "primary or secondary tag" is an index-only multi-index OR instead of a scan of the whole table.
    index('features_primary_game').on(t.primaryTag, t.gameId),
    index('features_secondary_game').on(t.secondaryTag, t.gameId),
  ],
);

export const cards = sqliteTable(
  'cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    /** Null means "no section"; deleting a section leaves its cards on the board. */
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    detailedDescription: text('detailed_description').notNull().default(''),
    game: text('game').notNull().default(''),
    gameLink: text('game_link').notNull().default(''),
    images: text('images', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    orientation: text('orientation').notNull().default('horizontal'),
    x: real('x').notNull().default(0),
    y: real('y').notNull().default(0),
    featureId: integer('feature_id').references(() => features.id, { onDelete: 'set null' }),
    /**
     * 1 once the card has sat in a locked section: it stays hidden from a free owner wherever it goes (section
     * deleted, card moved). Kept by the triggers of the section_lock_triggers migration; cleared by an upgrade.
     */
    locked: integer('locked').notNull().default(0),
    /** Why a search added the card: CardReason[] as JSON; '[]' for cards made otherwise. */
    reasons: text('reasons', { mode: 'json' })
      .$type<CardReason[]>()
      .notNull()
      .default(sql`'[]'`),
    /** 'catalogue' or 'own' (a user's uploaded image): own cards are the ones whose images are private. */
    source: text('source').notNull().default('catalogue'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cards_board').on(t.boardId),
    // Only own cards are scanned when an own image is served or a quota is counted.
    index('cards_own_board')
      .on(t.boardId)
      .where(sql`source = 'own'`),
    index('cards_section').on(t.sectionId),
  ],
);

export const queries = sqliteTable(
  'queries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id').references(() => boards.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    rating: integer('rating'),
    /** 'offline', 'llm:<model>', or 'offline (llm fallback: <reason>)'. */
    provider: text('provider').notNull().default('offline'),
    resultCount: integer('result_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('queries_user').on(t.userId)],
);

export const collections = sqliteTable('collections', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull().default('free'),
  isNew: integer('is_new').notNull().default(0),
  imageUrl: text('image_url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const collectionItems = sqliteTable(
  'collection_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

export const feedback = sqliteTable('feedback', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Stripe event ids already applied: inserted in the same transaction as the event's effect, so a replay is a no-op. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: createdAt(),
});

/** Failed sign-ins, kept in SQLite so the rate limit survives restarts. */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'email:<address>' or 'ip:<address>'. */
    key: text('key').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('login_failures_key_at').on(t.key, t.at)],
);

/**
 * A user's uploaded images, one row per user and stored file (content-addressed: `url` names the sha-256 of the
 * stored bytes, so the same image twice is one row and one file). `bytes` counts toward the plan's storage quota
 * while a card shows the image; `orphanedAt` marks when the sweep first found no card showing it.
 */
export const ownImages = sqliteTable(
  'own_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    /** The app storage URL of the stored original (/api/storage/own/<sha>.<ext>). */
    url: text('url').notNull(),
    /** Stored original plus its variants. */
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    orphanedAt: timestamp('orphaned_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('own_images_user_sha').on(t.userId, t.sha256), index('own_images_url').on(t.url)],
);

/**
 * A deleted board kept for a while so its deletion can be undone: the board, section and card rows as
 * they were (column names as keys), restored with their ids. Only its owner can restore it; old ones are purged.
 */
export const deletedBoards = sqliteTable(
  'deleted_boards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id').notNull(),
    snapshot: text('snapshot').notNull(),
    deletedAt: timestamp('deleted_at').notNull(),
  },
  (t) => [index('deleted_boards_user_board').on(t.userId, t.boardId)],
);

/**
 * Short leases that make one process do a piece of shared work while the others wait (a missing image
 * variant, a catalogue image, drawn once across instances on one bucket). Taken by one conditional upsert; an
 * expired lease (its holder crashed) can be taken over.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * A number per board that changes whenever anything its content page shows changes: bumped by
 * triggers on cards, sections and boards in the writer's own transaction, whoever writes, so every process
 * sharing the database can cache a page by (board, version) and never serve it stale. Rows are never deleted,
 * so a restored board's id keeps counting up.
 */
export const boardContentVersions = sqliteTable('board_content_versions', {
  boardId: integer('board_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * What each applied batch of board operations changed: the change every open screen of the board is
 * sent, kept so a screen that reconnects fetches only what it missed (GET /api/boards/:id/changes?since=), and so
 * a batch sent again with its client id (batch_id, unique per user) is answered from here instead of applied twice.
 * `from_version` → `to_version` are the board's content versions before and after: a chain of rows without a gap
 * proves nothing else changed the board in between. Rows older than the live change window are pruned.
 */
export const boardChanges = sqliteTable(
  'board_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id').notNull(),
    userId: integer('user_id').notNull(),
    batchId: text('batch_id'),
    fromVersion: integer('from_version').notNull(),
    toVersion: integer('to_version').notNull(),
    /** The BoardChange as JSON, and the refs the batch's new rows got (the sender's answer). */
    change: text('change').notNull(),
    refs: text('refs').notNull().default('{}'),
    /** 1 when the change was filtered for a free owner (the section lock's hidden cards left out). */
    forFreePlan: integer('for_free_plan').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('board_changes_user_batch').on(t.userId, t.batchId),
    index('board_changes_board_version').on(t.boardId, t.toVersion),
    index('board_changes_created').on(t.createdAt),
  ],
);

/**
 * Open live streams (GET /api/boards/:id/events), one row each, so the per-user cap holds across instances. Each
 * instance renews its own rows' expiry with every heartbeat; the rows of an instance that died expire.
 */
export const liveStreams = sqliteTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    instance: text('instance').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('live_streams_user').on(t.userId), index('live_streams_instance').on(t.instance)],
);

/**
 * Team boards: the people besides its owner who work on a board, each as 'editor' or 'viewer'. The
 * owner is never a row here: boards.user_id says who owns a board, and the owner's plan decides what it shows.
 */
export const boardMembers = sqliteTable(
  'board_members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    /**
     * The board's content version when they joined: their changes feed and event stream start there (an older
     * `since` gets a reload of the current board, never the changes before it). 0 for memberships older than it.
     */
    joinedVersion: integer('joined_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('board_members_board_user').on(t.boardId, t.userId), index('board_members_user').on(t.userId)],
);

/**
 * Invitations to a board: by email (`email` set: accepted when that address signs up or signs in, one
 * use) or by link (`email` null: anyone signed in who opens it, up to `maxUses`, until `expiresAt`). The code is
 * the link's secret (≥128 bits); revoking deletes the row.
 */
export const boardInvitations = sqliteTable(
  'board_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull().unique(),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    /** Lower-cased address of an email invitation; null for a link. */
    email: text('email'),
    /** Null: no limit on uses. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** Null: never expires (email invitations wait until accepted or revoked). */
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
export const cardBookmarks = sqliteTable(
  'card_bookmarks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

/**
 * A deleted card kept whole for a while, so that undoing the delete brings back the same card (its id, place and
 * section) with every member's bookmark of it, instead of a new card that nobody's bookmark points at. `card` is
 * the row as JSON; `bookmarks` the [userId, createdAt ms] pairs it had. Pruned after a week by later deletes.
 */
export const deletedCards = sqliteTable(
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

export const schema = {
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
