/** One button of a dialog footer: plain, the primary action, or a destructive one; `submit` submits its form. */
export type FooterAction = {
  label: string;
  kind?: 'primary' | 'danger';
  submit?: boolean;
  disabled?: boolean;
  onClick?: () => void;
};

/**
 * The button row at the foot of every dialog and dialog-like panel (cancel / confirm, close / copy, ...):
 * right-aligned, the primary action last. A `false` entry leaves a conditional button out.
 */
export function DialogFooter({ actions }: { actions: readonly (FooterAction | false)[] }) {
  return (
    <div className="modal-buttons">
      {actions
        .filter((a): a is FooterAction => a !== false)
        .map((a) => (
          <button
            key={a.label}
            type={a.submit ? 'submit' : 'button'}
            className={a.kind ? `btn ${a.kind}` : 'btn'}
            disabled={a.disabled}
            onClick={a.onClick}
          >
            {a.label}
          </button>
        ))}
    </div>
  );
}
