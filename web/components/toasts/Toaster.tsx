import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_SWIPE_CLOSE_PX } from '#shared/constants';
import { useToastStore, type Toast } from '../../stores/toast.store';
import { useToastTimer } from './use-toast-timer';
import { Icon } from '../icons';

/**
 * The notifications region (spec board-workspace §9): one toast at a time, closed after its duration, the timer
 * paused while the region is hovered or focused, a swipe right of 50 px or more closes it, and F8 focuses the
 * region from anywhere.
 */
export function Toaster() {
  const { t } = useTranslation('boardTools');
  const current = useToastStore((s) => s.current);
  const regionRef = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState({ hover: false, focus: false });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      ref={regionRef}
      className="toast-region"
      aria-label={t('toasts.region')}
      tabIndex={-1}
      onPointerEnter={() => setPaused((p) => ({ ...p, hover: true }))}
      onPointerLeave={() => setPaused((p) => ({ ...p, hover: false }))}
      onFocus={() => setPaused((p) => ({ ...p, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused((p) => ({ ...p, focus: false }));
      }}
    >
      <ol>{current && <ToastItem key={current.id} toast={current} paused={paused.hover || paused.focus} />}</ol>
    </section>
  );
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  const { t } = useTranslation('boardTools');
  const dismiss = useToastStore((s) => s.dismiss);
  useToastTimer(toast.duration, paused, () => dismiss(toast.id));
  const swipe = useRef<{ startX: number; pointerId: number } | null>(null);
  const [dx, setDx] = useState(0);

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    swipe.current = { startX: e.clientX, pointerId: e.pointerId };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (swipe.current?.pointerId === e.pointerId) setDx(Math.max(0, e.clientX - swipe.current.startX));
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (swipe.current?.pointerId !== e.pointerId) return;
    const moved = e.clientX - swipe.current.startX;
    swipe.current = null;
    if (moved >= TOAST_SWIPE_CLOSE_PX) dismiss(toast.id);
    else setDx(0);
  };

  return (
    <li
      className={`toast toast-${toast.variant}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
      data-testid="toast"
      style={{ transform: dx ? `translateX(${dx}px)` : undefined }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipe.current = null;
        setDx(0);
      }}
    >
      <div className="toast-text">
        <div className="toast-title">{toast.title}</div>
        {toast.description && <div className="toast-description">{toast.description}</div>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            dismiss(toast.id);
            toast.action!.run();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={t('toasts.close')} onClick={() => dismiss(toast.id)}>
        <Icon name="close" />
      </button>
    </li>
  );
}
