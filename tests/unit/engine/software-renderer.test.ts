import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '#engine/model/software-renderer';

describe('isSoftwareRenderer', () => {
  it('recognises the software rasterisers browsers fall back to', () => {
    expect(
      isSoftwareRenderer(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(
      true,
    );
    expect(isSoftwareRenderer('Google SwiftShader')).toBe(true);
  });

  it('does not mistake hardware GPUs or the Canvas 2D renderer for software WebGL', () => {
    expect(isSoftwareRenderer('ANGLE (NVIDIA, Vulkan 1.3.277 (NVIDIA H100 80GB HBM3 (0x00002330)), NVIDIA)')).toBe(
      false,
    );
    expect(isSoftwareRenderer('ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
    expect(isSoftwareRenderer('canvas')).toBe(false);
  });
});
