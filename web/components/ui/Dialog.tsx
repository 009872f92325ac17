import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Naming =
  /** The standard dialog: a heading (and an optional line under it) that also names the dialog. */
  | { title: string; subtitle?: string; label?: never }
  /**
   * A dialog that draws its own layout (the viewer, the lightbox): named by `label`, no heading added. The label is
   * the title of what it shows (a card's, a feature's): data, not the interface's words (data-user-text says so).
   */
  | { label: string; title?: never; subtitle?: never };

type Props = Naming & {
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/** True when a pointer event on the dialog element itself fell outside its box: on the ::backdrop. */
function onBackdrop(e: MouseEvent<HTMLDialogElement>): boolean {
  if (e.target !== e.currentTarget) return false;
  const r = e.currentTarget.getBoundingClientRect();
  return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
}

/**
 * Every modal of the app, over the native `<dialog>` opened with showModal(): the browser makes the rest of the
 * page inert (Tab cannot leave it, a screen reader reads only it), puts it in the top layer above any stacking
 * context, focuses its first control, fires `cancel` on Escape and gives focus back to the opener on close. So
 * no dialog handles focus or Escape itself. The parent decides: Escape and a click on the backdrop ask `onClose`,
 * and the dialog stays open until the parent stops rendering it.
 * @example
 * {open && <Dialog title="Rename" onClose={() => setOpen(false)}><form>…</form></Dialog>}
 */
export function Dialog({ title, subtitle, label, onClose, children, className, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const pressedBackdrop = useRef(false);
  const titleId = useId();

  // Layout effect: its cleanup runs while the element is still in the document, so close() can hand focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first control; a dialog may name a better one (React's autoFocus ran while closed).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => dialog.close();
  }, []);

  // On the page body: a dialog inherits no text styles from wherever it was opened (a nowrap toolbar, a menu).
  return createPortal(
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={title === undefined ? undefined : titleId}
      aria-label={label}
      data-user-text={label === undefined ? undefined : 'aria-label'}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        // React passes `cancel` up its own tree, portals included: Escape on a dialog opened over another (a
        // confirmation) must close that one only.
        e.stopPropagation();
        closeRef.current();
      }}
      onClose={(e) => {
        // A close the browser did on its own (not the cleanup above, and not a dialog shown again since).
        if (!e.currentTarget.open && e.currentTarget.isConnected) closeRef.current();
      }}
      onKeyDown={(e) => {
        // Escape belongs to the dialog: the board's and popovers' own Escape handlers must not act on it too.
        if (e.key === 'Escape') e.stopPropagation();
      }}
      onPointerDown={(e) => (pressedBackdrop.current = onBackdrop(e))}
      onClick={(e) => {
        if (pressedBackdrop.current && onBackdrop(e)) closeRef.current();
        pressedBackdrop.current = false;
      }}
    >
      {title !== undefined && (
        <>
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {subtitle && <p className="modal-subtitle">{subtitle}</p>}
        </>
      )}
      {children}
    </dialog>,
    document.body,
  );
}
