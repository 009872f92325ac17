/**
 * The WebGL renderer the engine draws with (no Pixi Application: the engine runs its own frame loop and draws
 * only when something changed), and the probes behind low-spec auto-detection.
 */
import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, type Renderer } from 'pixi.js';

export type RendererSetup = {
  width: number;
  height: number;
  resolution: number;
  background: number;
  preference: 'webgl' | 'canvas';
};

export async function createRenderer(setup: RendererSetup): Promise<Renderer> {
  const webgl = setup.preference === 'webgl' ? createContext() : null;
  return autoDetectRenderer({
    ...(webgl ? { canvas: webgl.canvas, context: webgl.context } : {}),
    preference: setup.preference,
    width: Math.max(1, setup.width),
    height: Math.max(1, setup.height),
    resolution: setup.resolution,
    autoDensity: true,
    // Cards are axis-aligned quads with anti-aliased edges baked in; MSAA would only cost fill rate.
    antialias: false,
    background: setup.background,
    powerPreference: 'high-performance',
    hello: false,
    // The engine hit-tests through its spatial index; Pixi's event system is not used.
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  });
}

/**
 * Our own WebGL2 context, leaner than Pixi's default: opaque (the compositor need not blend the canvas) and
 * without stencil or depth buffers to allocate and clear every frame (the engine uses no masks). Null where
 * WebGL2 is unavailable: Pixi then creates its own context or falls back.
 */
function createContext(): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    stencil: false,
    premultipliedAlpha: true,
    preserveDrawingBuffer: false,
    powerPreference: 'high-performance',
  });
  return context ? { canvas, context } : null;
}

/** The GPU's name as WebGL reports it (e.g. 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader ...))'). */
export function rendererName(renderer: Renderer): string {
  const gl = (renderer as unknown as { gl?: WebGLRenderingContext }).gl;
  if (!gl) return renderer.name;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
}

/**
 * Low-spec by default when the browser reports a major performance caveat for WebGL (software rendering,
 * blocklisted GPU) or the device has 4 GB of memory or less.
 */
export function detectLowSpec(): boolean {
  const memory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  if (memory !== undefined && memory <= 4) return true;
  try {
    const canvas = document.createElement('canvas');
    const gl =
      canvas.getContext('webgl2', { failIfMajorPerformanceCaveat: true }) ??
      canvas.getContext('webgl', { failIfMajorPerformanceCaveat: true });
    if (!gl) return true;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return false;
  } catch {
    return true;
  }
}

/** Textures one sprite batch may use on a software rasteriser (Pixi's default: every texture unit, 16 here). */
const SOFTWARE_BATCH_TEXTURES = 4;

/**
 * On a software rasteriser, batches of at most 4 textures: Pixi's batch shader picks each pixel's texture in a
 * chain of ifs as long as the batch's texture count, and a CPU shades every pixel through it — measured on
 * SwiftShader, a 16-texture chain costs about twice a 4-texture one per pixel, while the extra draw calls cost
 * next to nothing. Call before the first render (batchers read the limit when they are made).
 */
export function preferShortBatches(renderer: Renderer): void {
  const limits = (renderer as unknown as { limits?: { maxBatchableTextures?: number } }).limits;
  if (limits?.maxBatchableTextures !== undefined)
    limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, SOFTWARE_BATCH_TEXTURES);
}
