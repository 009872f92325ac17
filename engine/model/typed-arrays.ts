/** Typed arrays indexed by a dense id grow together: each copy keeps its contents and gets `length` slots (× `stride`). */
export function grown<T extends Float64Array | Uint8Array | Uint32Array>(array: T, length: number, stride = 1): T {
  const next = new (array.constructor as new (n: number) => T)(length * stride);
  next.set(array);
  return next;
}

/** The next capacity for `min` ids: at least double the current one, never below 64. */
export function nextCapacity(current: number, min: number): number {
  return Math.max(min, current * 2, 64);
}
