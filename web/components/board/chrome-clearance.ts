import { VIEW_TOP_CLEARANCE_PX } from '../../logic/camera-math';

/** Room between the search bar's bottom and what the camera puts under it. */
const CHROME_GAP_PX = 16;

/**
 * The canvas rows the floating chrome covers: at least VIEW_TOP_CLEARANCE_PX, more while the compact search bar
 * is taller (its notice or error line under the box), measured from the page as it is drawn now.
 */
export function topClearance(): number {
  if (typeof document === 'undefined') return VIEW_TOP_CLEARANCE_PX;
  const canvas = document.querySelector('.board-canvas')?.getBoundingClientRect();
  const bar = document.querySelector('.search-compact')?.getBoundingClientRect();
  if (!canvas || !bar) return VIEW_TOP_CLEARANCE_PX;
  return Math.max(VIEW_TOP_CLEARANCE_PX, Math.ceil(bar.bottom - canvas.top + CHROME_GAP_PX));
}
