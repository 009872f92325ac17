/** Numbers fixed by the spec (board-workspace §9, accounts §9). Each names the rule it comes from. */

export const PRODUCT_NAME = 'Loot';

// Cards (spec: 340×280 horizontal, 207.5×430 vertical)
export const CARD_WIDTH_HORIZONTAL = 340;
export const CARD_HEIGHT_HORIZONTAL = 280;
export const CARD_WIDTH_VERTICAL = 207.5;
export const CARD_HEIGHT_VERTICAL = 430;
export const CARD_MAX_WIDTH = 320;
export const CARD_MAX_WIDTH_VERTICAL = 227.5;
export const CARD_MIN_WIDTH_HORIZONTAL = 240;
export const CANVAS_SIZE = 6000;

// Layout (spec board-workspace §9)
export const LAYOUT_GAP = 30;
export const SECTION_PADDING = 25;
export const MAX_CARDS_PER_ROW = 4;
export const DEFAULT_SECTION_WIDTH = 400;
export const DEFAULT_SECTION_HEIGHT = 100;
export const SECTION_GAP = 60;
export const LAYOUT_COLUMN_WIDTH = 235;
export const LAYOUT_BOARD_WIDTH = 5000;
export const LAYOUT_MIN_COLUMNS = 4;
export const LAYOUT_START_Y = 50;
export const LOOSE_CARD_COLUMNS = 5;

// Camera (spec: wheel 0.1–3, ×0.9 / ×1.1; shortcuts 0.2–3 step 0.1; toolbar 0.3–2)
export const ZOOM_MIN = 0.1;
/**
 * Zoom to Fit goes below the wheel's 0.1 when that is what frames the whole board (a 10,000-card board
 * stopped at 10% and showed a small part). The camera takes any zoom down to this; the wheel and the zoom
 * buttons never zoom out past 0.1 themselves.
 */
export const ZOOM_MIN_FIT = 0.0001;
export const ZOOM_MAX = 3;
export const ZOOM_DEFAULT = 1;
export const WHEEL_ZOOM_IN = 1.1;
export const WHEEL_ZOOM_OUT = 0.9;
export const SHORTCUT_ZOOM_MIN = 0.2;
export const SHORTCUT_ZOOM_MAX = 3;
export const TOOLBAR_ZOOM_MIN = 0.3;
export const TOOLBAR_ZOOM_MAX = 2;
export const ZOOM_STEP = 0.1;
export const DETAIL_ZOOM_THRESHOLD = 0.7;
export const WHEEL_COMMIT_DELAY_MS = 150;
export const SPACE_DRAG_SPEED = 1.3;
export const VIEW_SAVE_DELAY_MS = 500;
export const VIRTUALISATION_MARGIN = 800;

// Drag (spec: 6 px hook threshold; drop target at position + (160, 170))
export const DRAG_THRESHOLD_PX = 6;
export const DROP_TARGET_OFFSET_X = 160;
export const DROP_TARGET_OFFSET_Y = 170;
export const Z_DRAGGING = 100;
export const Z_HOVERED = 40;
export const Z_BOOKMARKED = 20;
export const Z_DEFAULT = 10;

// Animation (spec: fall stagger 180 ms, ripple 650 px / 600 ms, fallback delay + 320 ms, highlight 5 s)
export const FALL_STAGGER_MS = 180;
export const RIPPLE_RADIUS = 650;
export const RIPPLE_DURATION_MS = 600;
export const RIPPLE_DELAY_CAP_MS = 200;
export const RIPPLE_JITTER_MS = 20;
export const FALL_FALLBACK_EXTRA_MS = 320;
export const NEW_CARD_HIGHLIGHT_MS = 5000;

// Images (spec board-workspace §9)
export const IMAGE_CACHE_MAX = 500;
export const IMAGE_CACHE_EVICT_FRACTION = 0.2;
export const IMAGE_CACHE_CLEANUP_INTERVAL_MS = 5 * 60_000;
export const IMAGE_CACHE_IDLE_MS = 10 * 60_000;
export const IMAGE_CACHE_MIN_USES = 3;
export const IMAGE_PRELOAD_CONCURRENCY = 4;
export const IMAGE_LAZY_MARGIN_PX = 500;
export const BROKEN_IMAGE_CACHE_MAX = 100;
export const BROKEN_IMAGE_EVICT_FRACTION = 0.3;
export const BROKEN_IMAGE_TTL_MS = 60 * 60_000;
export const BROKEN_IMAGE_PURGE_INTERVAL_MS = 30 * 60_000;
export const GALLERY_HEIGHT = 160;
export const GALLERY_HEIGHT_TALL = 300;
export const GALLERY_TALL_FRAME_WIDTH = 175;
export const IMAGE_VARIANT_WIDTHS = [96, 320] as const;

// Screen chrome
export const SIDEBAR_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH_OPEN = 240;
export const SIDEBAR_WIDTH_COLLAPSED = 60;
export const VIEWER_PANEL_WIDTH = 420;
export const VIEWER_MAX_DOTS = 10;
export const SIMILAR_TITLE_MAX_CHARS = 30;
export const BOOKMARK_NAV_ZOOM = 1.2;
export const BOOKMARK_NAV_HIGHLIGHT_MS = 2000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_CLOSE_PX = 50;
export const RESET_RELOAD_DELAY_MS = 1500;
export const LIMIT_REDIRECT_DELAY_MS = 2000;

// Accounts (spec accounts §9)
export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_MESSAGE_MAX = 3000;
export const FEATURE_SEARCH_PAGE_SIZE = 35;
export const MAX_SCREENSHOTS_PER_FEATURE = 5;
export const LOCKED_SECTION_FRACTION = 0.55;
export const LOCKED_SLOT_WIDTH = 200;
export const LOCKED_SLOT_HEIGHT = 280;
export const LOCKED_SLOT_GAP = 90;
export const LOCKED_SLOT_PADDING = 30;
export const LOCKED_PLACEHOLDERS_PER_FEATURE = 3;
export const PAYMENT_REDIRECT_MS = 3000;

// Board deletion undo: the toast offers Undo this long; the server keeps the rows longer for Ctrl+Z.
export const BOARD_DELETE_UNDO_MS = 10_000;
/** How long the 'Card Deleted' toast offers Undo (Ctrl+Z works for the whole session). */
export const CARD_DELETE_UNDO_MS = 10_000;
export const BOARD_RESTORE_KEEP_MS = 60 * 60 * 1000;

/**
 * A board's worth for one request through the ops door (POST /api/boards/:id/ops): the most ops in one batch, and the
 * most entries in one `layout.set` (the undo of an Organize on a board up to README's target of 10,000 cards).
 * Organize itself is one `board.organize` op whatever the board's size, laid out on the server; a larger change goes
 * as several batches.
 */
export const BOARD_BATCH_ITEMS_MAX = 10_000;
/** The ops door's body limit: what BOARD_BATCH_ITEMS_MAX ordinary ops need (a created card is a few hundred bytes). */
export const BOARD_BATCH_BODY_BYTES_MAX = 4 * 1024 * 1024;

// Titles
export const UNTITLED_BOARD_TITLE = 'Untitled';
export const BOARD_TITLE_MAX = 200;
export const SECTION_TITLE_MAX = 200;

/** Eight pastel tones for sections (spec board-workspace §3: "Palette: 8 pastel tones"). */
export const SECTION_PALETTE = [
  '#FDE2E4',
  '#E2ECE9',
  '#FFF1C1',
  '#DDE7FF',
  '#EAD9FF',
  '#D7F5E3',
  '#FFE0CC',
  '#E0F4FF',
] as const;

/**
 * Browser storage keys (spec accounts §3, board-workspace §3). The spec's layout flags (layoutInitializedBoards,
 * boardsWithAppliedLayout) are not kept: whether a board was laid out is the board's, on the server (ADR 0015).
 */
export const STORAGE_KEYS = {
  pendingQuery: 'pendingQuery',
  pendingBoardTitle: 'pendingBoardTitle',
  boardViewState: 'boardViewState',
  suggestionsSeededBoards: 'suggestionsSeededBoards',
  hasClickedCollections: 'hasClickedCollections',
  lowSpecMode: 'lootLowSpecMode',
  /** Set once the 'low-spec mode switched on by itself' toast was shown on this device. */
  lowSpecNoticeShown: 'lootLowSpecNoticeShown',
} as const;

export const SESSION_KEYS = {
  featureSearchNewSeen: 'featureSearchNewSeen',
  collectionsNewSeen: 'collectionsNewSeen',
  postLoginRedirect: 'postLoginRedirect',
} as const;
