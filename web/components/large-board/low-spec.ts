import { useEffect, useSyncExternalStore } from 'react';
import type { BoardController } from '../board/board-controller';
import { STORAGE_KEYS } from '#shared/constants';
import { commandToast } from '../../i18n/command-toasts';
import { toast } from '../../stores/toast.store';

/**
 * Low-spec mode: the user's choice is remembered per device (localStorage); without one, the engine
 * decides from the GPU and memory, and says so once per device in a toast.
 */

/** The remembered choice: true / false, or undefined when the user never chose (the engine detects). */
export function storedLowSpec(storage: Storage = localStorage): boolean | undefined {
  try {
    const value = storage.getItem(STORAGE_KEYS.lowSpecMode);
    return value === null ? undefined : value === '1';
  } catch {
    return undefined;
  }
}

export function storeLowSpec(lowSpec: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.lowSpecMode, lowSpec ? '1' : '0');
  } catch {
    // blocked storage: the choice lasts until reload
  }
}

/** Whether the toast about the automatic switch should show now (once per device); marks it shown. */
export function takeLowSpecNotice(storage: Storage = localStorage): boolean {
  try {
    if (storage.getItem(STORAGE_KEYS.lowSpecNoticeShown) === '1') return false;
    storage.setItem(STORAGE_KEYS.lowSpecNoticeShown, '1');
    return true;
  } catch {
    return false;
  }
}

/** The engine's current mode, following its lowSpecChange events. */
export function useEngineLowSpec(board: BoardController | null): boolean {
  return useSyncExternalStore(
    (notify) => board?.on('lowSpecChange', notify) ?? (() => {}),
    () => board?.lowSpec() ?? false,
  );
}

/** Turns the mode on or off by hand: the engine switches and the choice is remembered on this device. */
export function setLowSpecByHand(board: BoardController, lowSpec: boolean): void {
  board.setLowSpec(lowSpec);
  storeLowSpec(lowSpec);
}

/**
 * The once-per-device toast when the engine switched low-spec on by itself (no remembered choice, and its
 * detection found a weak GPU or little memory). Read after `ready`, so no event can be missed.
 */
export function useLowSpecNotice(board: BoardController | null): void {
  useEffect(() => {
    if (!board || storedLowSpec() !== undefined) return;
    let live = true;
    void board.ready.then(() => {
      if (live && board.lowSpec() && storedLowSpec() === undefined && takeLowSpecNotice())
        toast(commandToast('lowSpecAuto'), 'info');
    });
    return () => {
      live = false;
    };
  }, [board]);
}
