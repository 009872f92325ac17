import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../data/api-client';
import { fetchExport, saveBlob } from '../../data/export-download';
import { failureText } from '../../data/failure-text';

export type ExportStatus =
  | { kind: 'idle' }
  | {
      kind: 'running';
      stage: 'downloading' | 'rendering';
      done: number | null;
      total: number | null;
      bytes: number | null;
    }
  | { kind: 'done'; fileName: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export type ExportJob =
  | { kind: 'server'; url: string }
  | {
      kind: 'png';
      fileName: string;
      render: (progress: (done: number, total: number) => void, isCancelled: () => boolean) => Promise<Blob>;
    };

/**
 * One export at a time from the dialog: its progress, and a cancel that stops it (the fetch is aborted, which
 * also stops the server building the file; the PNG tile loop checks the flag between steps). Closing the dialog
 * cancels a running export.
 */
export function useExportRun() {
  const [status, setStatus] = useState<ExportStatus>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const start = useCallback(async (job: ExportJob) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const isCancelled = () => abort.signal.aborted;
    try {
      if (job.kind === 'server') {
        setStatus({ kind: 'running', stage: 'downloading', done: null, total: null, bytes: 0 });
        const { blob, fileName } = await fetchExport(job.url, abort.signal, (bytes) =>
          setStatus({ kind: 'running', stage: 'downloading', done: null, total: null, bytes }),
        );
        if (isCancelled()) return setStatus({ kind: 'cancelled' });
        saveBlob(blob, fileName);
        setStatus({ kind: 'done', fileName });
      } else {
        setStatus({ kind: 'running', stage: 'rendering', done: 0, total: null, bytes: null });
        const blob = await job.render(
          (done, total) => setStatus({ kind: 'running', stage: 'rendering', done, total, bytes: null }),
          isCancelled,
        );
        if (isCancelled()) return setStatus({ kind: 'cancelled' });
        saveBlob(blob, job.fileName);
        setStatus({ kind: 'done', fileName: job.fileName });
      }
    } catch (err) {
      // The engine's tile loop rejects with a RegionRenderCancelled error; an aborted fetch with an AbortError.
      if (isCancelled() || isAbortError(err) || (err instanceof Error && err.name === 'RegionRenderCancelled'))
        setStatus({ kind: 'cancelled' });
      else setStatus({ kind: 'failed', message: failureText(err, err instanceof Error ? err.message : String(err)) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  return { status, start, cancel };
}
