/**
 * CPU time used by a process tree (Linux /proc), for the engine benchmark: with software WebGL the GPU is the
 * CPU, so the CPU milliseconds Chromium spends per frame — GPU process, renderer with its raster threads,
 * browser — are the cost of a frame for both renderers, and unlike frame intervals they do not depend on what
 * else the machine runs at the time.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

/** Total CPU milliseconds used so far by `root` and all its descendants (0 off Linux). */
export function treeCpuMs(root: number): number {
  if (os.platform() !== 'linux') return 0;
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (!s) continue;
    ticks.set(pid, s.ticks);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total * TICK_MS;
}
