/**
 * The renderer's life on the page: created once the host element has a size, its canvas put into the host,
 * WebGL context loss and restore, the host's resizes, and tear-down. The engine hears about each through hooks.
 */
import type { Renderer } from 'pixi.js';
import { createRenderer, rendererName } from './render/create-renderer';
import type { Size } from './types';

export type RendererHostHooks = {
  /** The GPU dropped the context: nothing can be drawn until it is restored. */
  contextLost(): void;
  /** The context is back; textures drawn on the GPU (bakes) are blank. */
  contextRestored(): void;
  /** The host element changed size. */
  resized(size: Size): void;
};

export type RendererStart = { resolution: number; background: number; preference: 'webgl' | 'canvas' };

export class RendererHost {
  renderer: Renderer | null = null;
  /** Read once: getParameter is a synchronous round trip to the GPU process. */
  label = 'not started';
  /** Between webglcontextlost and webglcontextrestored. */
  contextLost = false;
  private resizeObserver: ResizeObserver | null = null;
  private destroyed = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly hooks: RendererHostHooks,
  ) {}

  /** The host element's size in CSS pixels (at least 1 × 1, so a hidden host still makes a renderer). */
  hostSize(): Size {
    return { width: this.host.clientWidth || 1, height: this.host.clientHeight || 1 };
  }

  /** Creates the renderer and shows its canvas; null when destroy() came first. */
  async start(size: Size, setup: RendererStart): Promise<Renderer | null> {
    const renderer = await createRenderer({ ...size, ...setup });
    if (this.destroyed) {
      renderer.destroy();
      return null;
    }
    this.renderer = renderer;
    this.label = rendererName(renderer);
    const canvas = this.canvas(renderer);
    canvas.style.display = 'block';
    canvas.addEventListener('webglcontextlost', this.onContextLost);
    canvas.addEventListener('webglcontextrestored', this.onContextRestored);
    this.host.appendChild(canvas);
    return renderer;
  }

  /** Starts reporting the host's resizes (after the scene that answers them exists). */
  observeResize(): void {
    this.resizeObserver = new ResizeObserver(() => this.hooks.resized(this.hostSize()));
    this.resizeObserver.observe(this.host);
  }

  destroy(): void {
    this.destroyed = true;
    this.resizeObserver?.disconnect();
    const renderer = this.renderer;
    this.renderer = null;
    if (!renderer) return;
    const canvas = this.canvas(renderer);
    canvas.removeEventListener('webglcontextlost', this.onContextLost);
    canvas.removeEventListener('webglcontextrestored', this.onContextRestored);
    canvas.remove();
    renderer.destroy();
  }

  private canvas(renderer: Renderer): HTMLCanvasElement {
    return renderer.canvas as HTMLCanvasElement;
  }

  /** Pixi already asked the browser to restore the context (driver reset, GPU switch, too many contexts). */
  private readonly onContextLost = (): void => {
    this.contextLost = true;
    this.hooks.contextLost();
  };

  /** Pixi re-creates its GPU objects and re-uploads textures that have a source (images, fonts, chrome). */
  private readonly onContextRestored = (): void => {
    this.contextLost = false;
    this.hooks.contextRestored();
  };
}
