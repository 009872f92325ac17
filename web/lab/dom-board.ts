/**
 * The comparison renderer for the benchmark: the board as the original product drew it — absolutely positioned
 * card elements inside one transformed world element, virtualised to the cards within 800 units of the viewport,
 * the visible set recomputed at most every 120 ms (after an initial 80 ms), all cards shown when there are fewer
 * than 150 and the zoom is below 0.5, and a low-detail card below zoom 0.7 (spec accounts §4, §9).
 */
import { DETAIL_ZOOM_THRESHOLD, VIRTUALISATION_MARGIN } from '#shared/constants';
import { tagColor } from '#shared/tag-colors';
import { board as englishBoardText } from '#shared/messages/catalogues/en/board';
import { cardRect } from '#shared/card-geometry';
import { rectsIntersect } from '#engine/model/rect';
import type { BoardData, CameraView, EngineCard } from '#engine/types';

const THROTTLE_MS = 120;
const INITIAL_DELAY_MS = 80;

export class DomBoard {
  private readonly world = document.createElement('div');
  private data: BoardData = { cards: [], sections: [] };
  private view: CameraView = { zoom: 1, offset: { x: 0, y: 0 } };
  private readonly shown = new Map<number, HTMLElement>();
  private lastUpdate = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;
  /** settled() callers, told when the pending update has run. */
  private readonly waiting: (() => void)[] = [];
  private detailed = true;

  constructor(private readonly host: HTMLElement) {
    host.style.overflow = 'hidden';
    // The host is already positioned by its page (the lab's #board fills the window); forcing it relative would
    // collapse its height to 0 and virtualise a strip of the board instead of the viewport.
    if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    // No will-change: a composited layer would be scaled without re-rasterising (blurry), which is not the same picture.
    Object.assign(this.world.style, { position: 'absolute', left: '0', top: '0', transformOrigin: '0 0' });
    host.appendChild(this.world);
    this.injectStyles();
  }

  get renderedCards(): number {
    return this.shown.size;
  }

  setBoard(data: BoardData): void {
    this.data = data;
    this.world.replaceChildren();
    this.shown.clear();
    for (const s of data.sections) {
      const el = document.createElement('div');
      el.className = 'lab-section';
      Object.assign(el.style, {
        left: `${s.position.x}px`,
        top: `${s.position.y}px`,
        width: `${s.size.width}px`,
        height: `${s.size.height}px`,
        background: s.color,
      });
      el.textContent = s.title;
      this.world.appendChild(el);
    }
    this.schedule(INITIAL_DELAY_MS);
  }

  setView(view: CameraView): void {
    this.view = view;
    this.world.style.transform = `translate(${view.offset.x}px, ${view.offset.y}px) scale(${view.zoom})`;
    const since = performance.now() - this.lastUpdate;
    if (since >= THROTTLE_MS) this.updateVisible();
    else this.schedule(THROTTLE_MS - since);
  }

  /** Resolves once no visible-set update is waiting (at once when none is). */
  settled(): Promise<void> {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  destroy(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    for (const resolve of this.waiting.splice(0)) resolve();
    this.world.remove();
  }

  private schedule(ms: number): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.updateVisible();
      for (const resolve of this.waiting.splice(0)) resolve();
    }, ms);
  }

  private updateVisible(): void {
    this.lastUpdate = performance.now();
    const { zoom, offset } = this.view;
    const w = this.host.clientWidth / zoom;
    const h = this.host.clientHeight / zoom;
    const area = {
      x: -offset.x / zoom - VIRTUALISATION_MARGIN,
      y: -offset.y / zoom - VIRTUALISATION_MARGIN,
      width: w + VIRTUALISATION_MARGIN * 2,
      height: h + VIRTUALISATION_MARGIN * 2,
    };
    const detailed = zoom >= DETAIL_ZOOM_THRESHOLD;
    if (detailed !== this.detailed) {
      for (const el of this.shown.values()) el.remove();
      this.shown.clear();
      this.detailed = detailed;
    }
    const showAll = this.data.cards.length < 150 && zoom < 0.5;
    const wanted = new Set<number>();
    for (const card of this.data.cards) if (showAll || rectsIntersect(cardRect(card), area)) wanted.add(card.id);
    for (const [id, el] of this.shown)
      if (!wanted.has(id)) {
        el.remove();
        this.shown.delete(id);
      }
    for (const card of this.data.cards) {
      if (!wanted.has(card.id) || this.shown.has(card.id)) continue;
      const el = detailed ? this.fullCard(card) : this.thumbCard(card);
      this.world.appendChild(el);
      this.shown.set(card.id, el);
    }
  }

  private shell(card: EngineCard): HTMLElement {
    const r = cardRect(card);
    const el = document.createElement('div');
    el.className = 'lab-card';
    Object.assign(el.style, {
      left: `${r.x}px`,
      top: `${r.y}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
      zIndex: card.isBookmarked ? '20' : '10',
    });
    const gallery = document.createElement('div');
    gallery.className = card.orientation === 'vertical' ? 'lab-gallery tall' : 'lab-gallery';
    const img = document.createElement('img');
    img.decoding = 'async';
    img.src = card.images[0] ?? '';
    img.alt = '';
    img.onerror = () => (gallery.textContent = englishBoardText.card.noImage);
    gallery.appendChild(img);
    el.appendChild(gallery);
    return el;
  }

  private fullCard(card: EngineCard): HTMLElement {
    const el = this.shell(card);
    el.insertAdjacentHTML(
      'beforeend',
      `<div class="lab-title"></div><div class="lab-desc"></div><a class="lab-link"></a><div class="lab-chips"></div><div class="lab-bar">${englishBoardText.card.findSimilar}</div>`,
    );
    (el.querySelector('.lab-title') as HTMLElement).textContent = card.title;
    (el.querySelector('.lab-desc') as HTMLElement).textContent = card.description;
    (el.querySelector('.lab-link') as HTMLElement).textContent = card.game;
    const chips = el.querySelector('.lab-chips') as HTMLElement;
    for (const tag of card.tags) {
      const chip = document.createElement('span');
      const c = tagColor(tag);
      chip.textContent = tag;
      chip.style.background = c.bg;
      chip.style.color = c.text;
      chips.appendChild(chip);
    }
    if (card.images.length > 1)
      el.querySelector('.lab-gallery')!.insertAdjacentHTML(
        'beforeend',
        `<span class="lab-count">1/${card.images.length}</span>`,
      );
    return el;
  }

  private thumbCard(card: EngineCard): HTMLElement {
    const el = this.shell(card);
    el.insertAdjacentHTML('beforeend', '<div class="lab-title big"></div>');
    (el.querySelector('.lab-title') as HTMLElement).textContent = card.title;
    return el;
  }

  private injectStyles(): void {
    if (document.getElementById('lab-dom-styles')) return;
    const style = document.createElement('style');
    style.id = 'lab-dom-styles';
    style.textContent = `
      .lab-section { position: absolute; border-radius: 16px; font: bold 18px sans-serif; padding: 10px 16px; box-sizing: border-box; color: #1f2937; }
      .lab-card { position: absolute; background: #fff; border: 1px solid #e2e4e9; border-radius: 10px; box-sizing: border-box; overflow: hidden; font-family: sans-serif; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
      .lab-gallery { position: relative; margin: 8px; height: 160px; background: #f3f4f6; border-radius: 6px; display: flex; align-items: center; justify-content: center; color: #9ca3af; font-size: 12px; }
      .lab-gallery.tall { width: 175px; height: 300px; margin: 8px auto; }
      .lab-gallery img { max-width: 100%; max-height: 100%; object-fit: contain; }
      .lab-count { position: absolute; right: 6px; top: 6px; background: rgba(17,24,39,.65); color: #fff; font-size: 10px; padding: 2px 6px; border-radius: 8px; }
      .lab-title { margin: 0 12px; font-weight: bold; font-size: 15px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: #111827; }
      .lab-title.big { font-size: 24px; white-space: normal; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
      .lab-desc { margin: 2px 12px; font-size: 12px; line-height: 15px; height: 30px; overflow: hidden; color: #4b5563; }
      .lab-link { display: block; margin: 2px 12px; font-size: 11px; color: #2563eb; }
      .lab-chips { margin: 2px 12px; display: flex; gap: 4px; overflow: hidden; }
      .lab-chips span { font-size: 10px; padding: 1px 6px; border-radius: 8px; white-space: nowrap; }
      .lab-bar { position: absolute; bottom: 0; left: 0; right: 0; height: 18px; border-top: 1px solid #eceef2; font-size: 11px; text-align: center; color: #4b5563; }
    `;
    document.head.appendChild(style);
  }
}
