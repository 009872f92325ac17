import { T } from './storage-text';
import type { Verdict } from './storage-checks';
import { Icon } from '../icons';

export type ImageStatus = { kind: 'pending' | 'ok' | 'failed' | 'http' | 'empty'; text: string };
type Slot = { slot: number; path: string | null; url: string | null; resolved: string | null };

type Props = {
  slots: Slot[];
  statuses: Record<number, ImageStatus>;
  checks: Record<number, Verdict[]>;
  onLoaded: (slot: number, width: number, height: number) => void;
  onFailed: (slot: number) => void;
};

/** Each screenshot slot of the record: its raw path and url, the address loaded, the image, its status and the last check. */
export function RecordImages({ slots, statuses, checks, onLoaded, onFailed }: Props) {
  return (
    <section className="st-card" aria-label={T.imagesHeading}>
      <h2>{T.imagesHeading}</h2>
      {slots.length === 0 && <p className="st-muted">{T.noImages}</p>}
      <ul className="st-images">
        {slots.map((s) => {
          const status = statuses[s.slot] ?? { kind: 'pending', text: T.statusPending };
          return (
            <li key={s.slot} className="st-image" data-testid={`image-slot-${s.slot}`}>
              <div className="st-thumb">
                {s.resolved && (
                  <img
                    data-slot={s.slot}
                    src={s.resolved}
                    alt={T.slot(s.slot)}
                    onLoad={(e) => onLoaded(s.slot, e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
                    onError={() => onFailed(s.slot)}
                  />
                )}
              </div>
              <div className="st-image-info">
                <strong>{T.slot(s.slot)}</strong>
                <span>
                  {T.pathLabel}: <code>{s.path ?? '—'}</code>
                </span>
                <span>
                  {T.urlLabel}: <code>{s.url ?? '—'}</code>
                </span>
                <span>
                  {T.resolvedLabel}: <code>{s.resolved ?? '—'}</code>
                </span>
                <span
                  className={`st-status ${status.kind}`}
                  data-testid="image-status"
                  role={status.kind === 'ok' || status.kind === 'pending' ? undefined : 'alert'}
                >
                  {status.text}
                </span>
                {checks[s.slot] && (
                  <ul className="st-checks" data-testid="check-results">
                    {checks[s.slot].map((v, i) => (
                      <li key={i} className={v.ok ? 'ok' : 'bad'}>
                        <Icon name={v.ok ? 'check' : 'close'} size={14} /> {v.text}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
