/**
 * Whether a WebGL renderer string names a software rasteriser (Chromium's SwiftShader, Mesa's llvmpipe or
 * softpipe, Windows' basic render driver): there every pixel is shaded on the CPU, so the engine draws moving
 * frames at reduced resolution from the first gesture instead of finding out after a few slow frames.
 */
const SOFTWARE_RENDERERS = [
  /swiftshader/i,
  /llvmpipe/i,
  /softpipe/i,
  /software rasterizer/i,
  /microsoft basic render/i,
];

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.some((pattern) => pattern.test(name));
}
