import { useCallback, useEffect, useRef, useState } from 'react';
import { T } from '../components/storage-test/storage-text';
import type { RandomRecord } from '#shared/schemas/catalogue';
import { formatThousands } from '../components/billing/plan-display';
import { NetworkLog } from '../components/storage-test/NetworkLog';
import { RecordImages, type ImageStatus } from '../components/storage-test/RecordImages';
import {
  domVerdict,
  headVerdict,
  responseVerdict,
  screenshotSlots,
  urlFormatVerdicts,
  type Verdict,
} from '../components/storage-test/storage-checks';
import { fetchRandomRecord, logEntry, probeImage, type LogEntry } from '../components/storage-test/storage-probe';
import '../components/storage-test/storage-test.css';

/**
 * /storage-test (spec accounts §2, debug, in Russian): a random record, its details, each image's status and a
 * network log, with HEAD, DOM and URL-format check buttons. It reports HTTP errors, a 204 zero-size image and
 * image load failures.
 */
export function StorageTestPage() {
  const [record, setRecord] = useState<RandomRecord | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<Record<number, ImageStatus>>({});
  const [checks, setChecks] = useState<Record<number, Verdict[]>>({});
  const [log, setLog] = useState<LogEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const imagesRef = useRef<HTMLDivElement>(null);
  const slots = record ? screenshotSlots(record) : [];
  const addLog = useCallback((entry: LogEntry) => setLog((l) => [entry, ...l]), []);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    setChecks({});
    setStatuses({});
    try {
      const { record: next, ms } = await fetchRandomRecord();
      addLog(logEntry('GET', '/api/database/random-record', 200, T.logRecordOk(next.id), ms));
      setRecord(next);
      for (const s of screenshotSlots(next)) {
        if (!s.resolved) continue;
        const probe = await probeImage('GET', s.resolved);
        const size = probe.contentLength === null ? '' : T.bytes(formatThousands(probe.contentLength));
        addLog(
          logEntry(
            'GET',
            s.resolved,
            probe.status,
            probe.error ?? [probe.contentType, size].filter(Boolean).join(', '),
            probe.ms,
          ),
        );
        if (probe.status === null)
          setStatuses((st) => ({ ...st, [s.slot]: { kind: 'failed', text: T.statusNetwork } }));
        else {
          const verdict = responseVerdict(probe.status, probe.contentLength);
          if (verdict.kind !== 'ok')
            setStatuses((st) => ({ ...st, [s.slot]: { kind: verdict.kind, text: verdict.text } }));
        }
      }
    } catch (err) {
      console.error(err);
      addLog(logEntry('GET', '/api/database/random-record', null, String(err), 0));
      setError(T.recordFailed);
    } finally {
      setLoading(false);
    }
  }, [addLog]);

  useEffect(() => {
    void load();
  }, [load]);

  const runHead = async () => {
    setBusy(true);
    const results: Record<number, Verdict[]> = {};
    for (const s of slots) {
      if (!s.resolved) continue;
      const probe = await probeImage('HEAD', s.resolved);
      addLog(logEntry('HEAD', s.resolved, probe.status, probe.error ?? probe.contentType ?? '', probe.ms));
      results[s.slot] = [
        probe.status === null
          ? { ok: false, text: T.statusNetwork }
          : headVerdict(probe.status, probe.contentType, probe.contentLength),
      ];
    }
    setChecks(results);
    setBusy(false);
  };
  const runDom = () => {
    const results: Record<number, Verdict[]> = {};
    for (const s of slots)
      results[s.slot] = [
        domVerdict(imagesRef.current?.querySelector<HTMLImageElement>(`img[data-slot="${s.slot}"]`) ?? null),
      ];
    setChecks(results);
  };
  const runUrl = () => {
    const results: Record<number, Verdict[]> = {};
    for (const s of slots) results[s.slot] = urlFormatVerdicts(s.url ?? s.path).verdicts;
    setChecks(results);
  };

  return (
    <main className="st-page" lang="ru">
      <h1>{T.title}</h1>
      <p className="st-muted">{T.intro}</p>
      <div className="st-actions">
        <button type="button" className="btn primary" onClick={() => void load()} disabled={loading}>
          {loading ? T.loadingRecord : T.loadRecord}
        </button>
        <button type="button" className="btn" onClick={() => void runHead()} disabled={!record || busy}>
          {busy ? T.checkRunning : T.headCheck}
        </button>
        <button type="button" className="btn" onClick={runDom} disabled={!record}>
          {T.domCheck}
        </button>
        <button type="button" className="btn" onClick={runUrl} disabled={!record}>
          {T.urlCheck}
        </button>
      </div>
      {error && (
        <p role="alert" className="st-error">
          {error}
        </p>
      )}
      {record && (
        <section className="st-card" aria-label={T.recordHeading}>
          <h2>{T.recordHeading}</h2>
          <dl className="st-fields" data-testid="record-details">
            <dt>{T.fieldId}</dt>
            <dd>{record.id}</dd>
            <dt>{T.fieldGame}</dt>
            <dd>{record.game_name}</dd>
            <dt>{T.fieldFeature}</dt>
            <dd>{record.feature_screen_name}</dd>
            <dt>{T.fieldTags}</dt>
            <dd>
              {record.primary_tag} / {record.secondary_tag}
            </dd>
            <dt>{T.fieldOrientation}</dt>
            <dd>{record.orientation}</dd>
            <dt>{T.fieldLink}</dt>
            <dd>{record.game_link}</dd>
            <dt>{T.fieldShort}</dt>
            <dd>{record.short_description}</dd>
          </dl>
        </section>
      )}
      {record && (
        <div ref={imagesRef}>
          <RecordImages
            slots={slots}
            statuses={statuses}
            checks={checks}
            onLoaded={(slot, w, h) => {
              addLog(logEntry('IMG', `#${slot}`, null, T.logImageLoaded(slot), 0));
              setStatuses((st) =>
                st[slot] && st[slot].kind !== 'pending'
                  ? st
                  : { ...st, [slot]: { kind: 'ok', text: T.statusLoaded(w, h) } },
              );
            }}
            onFailed={(slot) => {
              addLog(logEntry('IMG', `#${slot}`, null, T.logImageError(slot), 0));
              setStatuses((st) =>
                st[slot] && st[slot].kind !== 'pending' && st[slot].kind !== 'ok'
                  ? st
                  : { ...st, [slot]: { kind: 'failed', text: T.statusFailed } },
              );
            }}
          />
        </div>
      )}
      <NetworkLog entries={log} onClear={() => setLog([])} />
    </main>
  );
}
