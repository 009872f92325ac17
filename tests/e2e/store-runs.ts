/**
 * Which Playwright specs run where. Every spec runs once on SQLite and the local folder (`npm run test:e2e`). The
 * PostgreSQL + S3 run (`npm run test:e2e:postgres`) runs only the specs where the store behind the API changes what
 * the browser sees: two instances sharing one database (LISTEN/NOTIFY, a killed instance), files put into and read
 * back from the bucket (uploads, server exports, stored images), payment webhooks (an event applied once, a plan
 * written from it), board members (role checks and removals that cross instances), and a deleted board restored in
 * one transaction. The rest drive the interface over API routes whose every query the vitest `postgres` project
 * already runs on PostgreSQL (vite.config.ts): a second browser pass over them tests the same page against the
 * same answers, and took about 12 of that run's 16-18 minutes on CI's two cores.
 *
 * tests/unit/e2e-store-runs.test.ts keeps both lists whole: a spec in neither fails it, and so does a spec named
 * store-independent whose source shows one of STORE_SIGNALS below.
 */

/** Specs that run on both stores: the file name in tests/e2e, and what the store changes for it. */
export const POSTGRES_SPECS: Record<string, string> = {
  'pseudo-locale.spec.ts': 'opens an invitation link, which looks the invitation up in the store',
  'live-instances.spec.ts':
    'two instances on one database: changes cross NOTIFY; a kill -9 sends the stream to the other (skipped on SQLite)',
  'live.spec.ts':
    "B's context on a second instance: every change reaches it through NOTIFY; an own image goes into the bucket",
  'presence.spec.ts': 'owner and member on two instances: presence, a move and a delete under a drag cross NOTIFY',
  'team-boards.spec.ts':
    "members, roles and invitations: the role checks' joins, a removal that closes the member's stream",
  'board-refused-drop.spec.ts': "an editor made a viewer mid-drag: the ops door's role check refuses the drop",
  'board-card-keyboard-viewer.spec.ts':
    "a viewer member's read-only board (the role comes from the members join): the keyboard opens no card menu",
  'account-mail.spec.ts':
    'an invitation by email waits for a confirmed address, then its accept adds the member; a reset ends sessions',
  'account-delete.spec.ts':
    "an account's deletion in one transaction, its member's stream told, its uploaded image removed from the bucket",
  'team-bookmarks.spec.ts': "a member's bookmark on the owner's board: per-person rows on a shared board",
  'board-concurrent-drops.spec.ts':
    'owner and editor on two instances drop into one section and organize at once: the database orders the batches',
  'board-layout-shared.spec.ts': "a board's first layout is written once, on the server, while a member opens it",
  'board-delete-undo.spec.ts': 'a deleted board restored with its sections, cards and bookmarks in one transaction',
  'own-images.spec.ts': 'dropped, pasted and linked images are put into the bucket and served back from it',
  'user-markdown.spec.ts': 'images from our storage load from the bucket under the Content-Security-Policy',
  'catalogue-images.spec.ts': 'catalogue screenshots, their variants and collection covers served from the bucket',
  'export.spec.ts': 'PDF and Markdown exports read every card image back from the bucket on the server',
  'stripe-checkout.spec.ts': 'a signed Stripe webhook applied once and the plan it writes',
  'plan-change.spec.ts': "Stripe webhooks for a live subscription's changes, applied in order",
  'team-plan.spec.ts':
    "a free owner's member asks for an upgrade and the owner's plan change reaches the member's stream through NOTIFY",
  'https-proxy.spec.ts':
    'the app behind a TLS proxy: sign-up, a board, a query, an upload into the bucket and the live stream',
};

/**
 * Specs that run on SQLite only: the interface over routes the vitest `postgres` project covers, client-side work
 * (the engine, PNG export, keyboard, accessibility), or a server of their own for a setting (sign-up limits, Stripe
 * failures) whose storage is not what they test.
 */
export const STORE_INDEPENDENT_SPECS: string[] = [
  'a11y-screens.spec.ts',
  'ai-note.spec.ts',
  'auth-throttle.spec.ts',
  'billing.spec.ts',
  'board-card-keyboard.spec.ts',
  'board-cards.spec.ts',
  'board-dialogs.spec.ts',
  'board-extras.spec.ts',
  'board-first-view.spec.ts',
  'board-hover-toolbar.spec.ts',
  'board-layout.spec.ts',
  'board-moves.spec.ts',
  'board-overview.spec.ts',
  'board-rating.spec.ts',
  'board-section-color.spec.ts',
  'board-section-resize.spec.ts',
  'board-sections.spec.ts',
  'board-side-panels.spec.ts',
  'board-sidebar.spec.ts',
  'board-small-things.spec.ts',
  'board-views.spec.ts',
  'collections.spec.ts',
  'dialogs-keyboard.spec.ts',
  'engine.spec.ts',
  'export-clean.spec.ts',
  'feature-search.spec.ts',
  'feedback.spec.ts',
  'language.spec.ts',
  'large-board.spec.ts',
  'locked-sections-keyboard.spec.ts',
  'search-flow.spec.ts',
  'search-reading-chips.spec.ts',
  'search-journeys.spec.ts',
  'search-more-like-section.spec.ts',
  'search-one-answer.spec.ts',
  'search-panel.spec.ts',
  'search-scope.spec.ts',
  'server-messages.spec.ts',
  'share.spec.ts',
  'shell.spec.ts',
  'storage-test.spec.ts',
  'user-menu.spec.ts',
];

/**
 * What in a spec's source says the store matters to it. A spec showing one of these must run on PostgreSQL + S3
 * too; a new spec that does any of this and is put on the SQLite list fails tests/unit/e2e-store-runs.test.ts.
 */
export const STORE_SIGNALS: { what: string; pattern: RegExp }[] = [
  { what: 'a second instance of the app', pattern: /\binstanceOf\b/ },
  { what: 'a file uploaded into the store', pattern: /setInputFiles|\bupload/i },
  { what: 'a server export (PDF, Markdown) that reads the stored images', pattern: /\/export\b|\bPDF\b/ },
  { what: 'a payment webhook', pattern: /webhook/i },
  { what: 'board members or invitations', pattern: /\/members\b|\/invitations?\b|\/invite\b/ },
  { what: 'a deleted board restored', pattern: /\/restore\b|Undo brings back the board/ },
];
