import { T } from './storage-text';
import type { LogEntry } from './storage-probe';

/** The page's network log, newest first. */
export function NetworkLog({ entries, onClear }: { entries: LogEntry[]; onClear: () => void }) {
  return (
    <section className="st-card" aria-label={T.logHeading}>
      <div className="st-card-head">
        <h2>{T.logHeading}</h2>
        <button type="button" className="btn" onClick={onClear} disabled={entries.length === 0}>
          {T.clearLog}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="st-muted">{T.logEmpty}</p>
      ) : (
        <ol className="st-log" data-testid="network-log">
          {entries.map((e) => (
            <li
              key={e.id}
              className={e.status !== null && (e.status < 200 || e.status >= 300 || e.status === 204) ? 'bad' : ''}
            >
              <time>{e.at}</time> <b>{e.method}</b> <code>{e.url}</code>{' '}
              {e.status !== null && <span>→ {e.status}</span>} {e.detail && <span>{e.detail}</span>}{' '}
              {e.ms > 0 && <span className="st-muted">({T.ms(e.ms)})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
