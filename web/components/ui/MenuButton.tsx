import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { nextMenuIndex } from '../../logic/menu-keys';
import { placeMenu } from '../../logic/menu-placement';

/**
 * A menu entry; `checked` makes it one of a group of choices (menuitemradio), as the language switch's, and
 * `group` names that group for screen readers, drawn as a small heading above it.
 */
export type MenuItem = { label: string; onSelect: () => void; checked?: boolean; group?: string; lang?: string };

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';

type Props = {
  items: readonly MenuItem[];
  /** The trigger's own content, class and (where its content is not a name, as an avatar) its accessible name. */
  children: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
};

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; in it the arrows step and wrap, Home / End jump, a letter moves to the item starting
 * with it; Escape and Tab close it and focus goes back to the button, as it does after an item is chosen (so
 * a dialog an item opens returns focus there too). The menu sits on the page body, placed inside the window
 * (web/logic/menu-placement.ts), so no scrolling or clipping parent cuts it off.
 */
export function MenuButton({ items, children, className, label, testId }: Props) {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();

  const menuItems = () => Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) trigger.current?.focus();
  };

  // Before the first paint: measured, placed inside the window, and the chosen item focused.
  useLayoutEffect(() => {
    const element = menu.current;
    const button = trigger.current;
    if (!open || !element || !button) return;
    const t = button.getBoundingClientRect();
    const place = placeMenu(
      { left: t.left, top: t.top, width: t.width, height: t.height },
      { width: element.offsetWidth, height: element.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    element.style.left = `${place.left}px`;
    element.style.top = `${place.top}px`;
    const all = menuItems();
    all[open === 'last' ? all.length - 1 : 0]?.focus();
  }, [open]);

  // A press anywhere else or a resized window closes it; focus stays where the user put it.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(null);
    };
    const onResize = () => setOpen(null);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKey = (e: KeyboardEvent) => {
    // The menu owns these keys: the board's shortcuts must not see them.
    e.stopPropagation();
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close(true);
      return;
    }
    const all = menuItems();
    const next = nextMenuIndex(
      e.key,
      all.indexOf(document.activeElement as HTMLElement),
      all.length,
      items.map((i) => i.label),
    );
    if (next === null) return;
    e.preventDefault();
    all[next]?.focus();
  };

  return (
    <>
      <button
        ref={trigger}
        id={triggerId}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        onClick={() => setOpen((o) => (o ? null : 'first'))}
        onKeyDown={onTriggerKey}
      >
        {children}
      </button>
      {open &&
        createPortal(
          <div ref={menu} id={menuId} role="menu" aria-labelledby={triggerId} className="menu" onKeyDown={onMenuKey}>
            {menuGroups(items).map(({ group, entries }) => {
              const buttons = entries.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                  aria-checked={item.checked}
                  lang={item.lang}
                  tabIndex={-1}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              ));
              if (!group) return buttons;
              return (
                <div key={group} role="group" aria-label={group} className="menu-group">
                  <div className="menu-group-label" aria-hidden>
                    {group}
                  </div>
                  {buttons}
                </div>
              );
            })}
          </div>,
          document.body,
        )}
    </>
  );
}

/** Runs of items with the same group, in order (items without a group stand alone). */
function menuGroups(items: readonly MenuItem[]): { group?: string; entries: MenuItem[] }[] {
  const runs: { group?: string; entries: MenuItem[] }[] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && item.group && last.group === item.group) last.entries.push(item);
    else runs.push({ group: item.group, entries: [item] });
  }
  return runs;
}
