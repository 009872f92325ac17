import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { TOAST_DURATION_MS } from '#shared/constants';
import type { ToastText } from '#shared/messages/web';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';
/** A button in the toast ('Undo' on a deleted board); clicking it runs `run` and closes the toast. */
export type ToastAction = { label: string; run: () => void };
export type Toast = ToastText & {
  id: number;
  variant: ToastVariant;
  duration: number;
  open: boolean;
  action?: ToastAction;
};

/**
 * Toasts (spec board-workspace §9): one at a time, a new one replaces the previous; 5,000 ms by default.
 * Timing (pause on hover or focus, swipe) lives in the Toaster component; this store only holds what is shown.
 */
type ToastState = {
  current: Toast | null;
  show: (text: ToastText, variant?: ToastVariant, duration?: number, action?: ToastAction) => number;
  dismiss: (id?: number) => void;
};

let nextId = 1;

export const useToastStore = create<ToastState>()(
  immer((set) => ({
    current: null,
    show: (text, variant = 'default', duration = TOAST_DURATION_MS, action) => {
      const id = nextId++;
      set((s) => {
        s.current = { ...text, id, variant, duration, open: true, ...(action ? { action } : {}) };
      });
      return id;
    },
    dismiss: (id) =>
      set((s) => {
        if (s.current && (id === undefined || s.current.id === id)) s.current = null;
      }),
  })),
);

/** Shows a toast from anywhere (commands, mutations); returns its id. */
export function toast(
  text: ToastText,
  variant: ToastVariant = 'default',
  duration?: number,
  action?: ToastAction,
): number {
  return useToastStore.getState().show(text, variant, duration, action);
}
