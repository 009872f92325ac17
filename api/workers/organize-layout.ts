import { Worker } from 'node:worker_threads';
import { organizeLayout, type OrganizeCard, type OrganizeSection } from '#shared/board-intents';
import type { LayoutOutput } from '#shared/layout';
import { bundle, bundleEntry } from '../runtime-files';

/**
 * Organize's layout off the event loop. The shared auto-layout holds the loop for a time that grows with the board:
 * on the shared 2-core machine 5 ms for 10,000 cards once compiled (30–44 ms the first time), 15–20 ms for 50,000
 * (140 ms the first time), 0.6 s for 200,000 the first time. A board from ORGANIZE_OFF_LOOP_CARDS cards up, where
 * the first layout passes 50 ms, is laid out on one long-lived worker thread (made once where the app starts,
 * api/app-deps.ts; its thread started on first use); a smaller one stays in the loop, where the thread's round trip
 * and its own first compile (50–350 ms to the answer) would cost more than they save. The board goes there and back
 * as flat Float64Arrays whose buffers are moved, not copied: posting the card objects would cost the loop about as
 * long as laying them out. The layout is the same function either way (shared/board-intents.ts organizeLayout), so
 * both give the same positions.
 */
export const ORGANIZE_OFF_LOOP_CARDS = 20_000;

/** Numbers per packed card in (id, section id or NaN, vertical 1/0) and out (id, x, y). */
const CARD_IN = 3;
const CARD_OUT = 3;
/** Numbers per packed section in (id, width, height, locked 1/0) and out (id, x, y, width, height). */
const SECTION_IN = 4;
const SECTION_OUT = 5;

export type PackedOrganizeInput = { cards: Float64Array<ArrayBuffer>; sections: Float64Array<ArrayBuffer> };
export type PackedLayout = { cards: Float64Array<ArrayBuffer>; sections: Float64Array<ArrayBuffer> };

export function packOrganizeInput(input: {
  cards: readonly OrganizeCard[];
  sections: readonly OrganizeSection[];
}): PackedOrganizeInput {
  const cards = new Float64Array(input.cards.length * CARD_IN);
  input.cards.forEach((c, i) => {
    cards[i * CARD_IN] = c.id;
    cards[i * CARD_IN + 1] = c.sectionId ?? NaN;
    cards[i * CARD_IN + 2] = c.orientation === 'vertical' ? 1 : 0;
  });
  const sections = new Float64Array(input.sections.length * SECTION_IN);
  input.sections.forEach((s, i) => {
    sections.set([s.id, s.size.width, s.size.height, s.locked ? 1 : 0], i * SECTION_IN);
  });
  return { cards, sections };
}

export function unpackOrganizeInput(packed: PackedOrganizeInput): {
  cards: OrganizeCard[];
  sections: OrganizeSection[];
} {
  const { cards, sections } = packed;
  const outCards: OrganizeCard[] = [];
  for (let i = 0; i < cards.length; i += CARD_IN)
    outCards.push({
      id: cards[i],
      sectionId: Number.isNaN(cards[i + 1]) ? null : cards[i + 1],
      orientation: cards[i + 2] === 1 ? 'vertical' : 'horizontal',
    });
  const outSections: OrganizeSection[] = [];
  for (let i = 0; i < sections.length; i += SECTION_IN)
    outSections.push({
      id: sections[i],
      size: { width: sections[i + 1], height: sections[i + 2] },
      locked: sections[i + 3] === 1,
    });
  return { cards: outCards, sections: outSections };
}

export function packLayout(layout: LayoutOutput): PackedLayout {
  const cards = new Float64Array(layout.cards.length * CARD_OUT);
  layout.cards.forEach((c, i) => cards.set([c.id, c.position.x, c.position.y], i * CARD_OUT));
  const sections = new Float64Array(layout.sections.length * SECTION_OUT);
  layout.sections.forEach((s, i) =>
    sections.set([s.id, s.position.x, s.position.y, s.size.width, s.size.height], i * SECTION_OUT),
  );
  return { cards, sections };
}

export function unpackLayout(packed: PackedLayout): LayoutOutput {
  const { cards, sections } = packed;
  const out: LayoutOutput = { cards: [], sections: [] };
  for (let i = 0; i < cards.length; i += CARD_OUT)
    out.cards.push({ id: cards[i], position: { x: cards[i + 1], y: cards[i + 2] } });
  for (let i = 0; i < sections.length; i += SECTION_OUT)
    out.sections.push({
      id: sections[i],
      position: { x: sections[i + 1], y: sections[i + 2] },
      size: { width: sections[i + 3], height: sections[i + 4] },
    });
  return out;
}

/** What the worker thread does with one request (api/workers/organize-layout.worker.ts). */
export function organizePacked(input: PackedOrganizeInput): PackedLayout {
  return packLayout(organizeLayout(unpackOrganizeInput(input)));
}

type Reply = { id: number; ok: true; layout: PackedLayout } | { id: number; ok: false; message: string };

/**
 * The one layout worker of a process. Its thread starts on the first large Organize and stays (unref'd: it never
 * keeps the process alive); a thread that fails or exits fails what was waiting on it, and the next call starts a
 * new one. `close()` ends the thread (an app closing for good).
 */
export class LayoutWorker {
  /** `fromCards`: the board size from which Organize is laid out here (ORGANIZE_OFF_LOOP_CARDS unless told). */
  constructor(private readonly options: { fromCards?: number } = {}) {}

  /** Whether a board of `cards` cards is laid out on this thread rather than in the loop. */
  takes(cards: number): boolean {
    return cards >= (this.options.fromCards ?? ORGANIZE_OFF_LOOP_CARDS);
  }

  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(l: LayoutOutput): void; reject(e: Error): void }>();
  /** Layouts the thread has answered so far (a test tells by it which road an Organize took). */
  answered = 0;

  /** Organize's layout of `input`, computed on the worker thread: the same as organizeLayout(input). */
  organize(input: { cards: readonly OrganizeCard[]; sections: readonly OrganizeSection[] }): Promise<LayoutOutput> {
    const packed = packOrganizeInput(input);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ id, input: packed }, [packed.cards.buffer, packed.sections.buffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // From the sources the entry is plain JavaScript that registers tsx in the thread (tests, `npm run dev:api`,
    // the CLIs); the server bundle starts the worker's own bundle in dist/.
    const started = new Worker(
      bundle ? bundleEntry('organize-layout.worker') : new URL('./organize-layout.worker.mjs', import.meta.url),
    );
    started.unref();
    started.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      this.answered += 1;
      if (reply.ok) waiting.resolve(unpackLayout(reply.layout));
      else waiting.reject(new Error(`Layout worker failed: ${reply.message}`));
    });
    const fail = (err: unknown) => {
      if (this.worker === started) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(new Error(`Layout worker failed: ${String(err)}`));
      this.pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = started;
    return started;
  }
}
