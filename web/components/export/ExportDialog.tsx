import { DialogFooter } from '../dialogs/DialogFooter';
import { useMemo, useState } from 'react';
import type { Rect } from '#engine/types';
import { exportFileName } from '#shared/export-file-name';
import { useTranslation } from 'react-i18next';
import { EXPORT_MAX_CARD_IDS, type ExportOrientation, type ExportPaper } from '#shared/schemas/export';
import { exportUrl } from '../../data/export-download';
import type { Card, Section } from '../../data/wire';
import { padRect, pngScale, pngSize, unionRects, type PngScale } from '../../logic/export-region';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';
import { Dialog } from '../ui/Dialog';
import { exportPng } from './png-export';
import { useExportRun } from './use-export-run';

type Props = { boardId: number; boardTitle: string; cards: Card[]; sections: Section[] };
type Scope = 'board' | 'section' | 'selection';
type Format = 'png' | 'pdf' | 'md';

/**
 * The export dialog, opened from the toolbar, a section's menu or the selection bar: what (whole board,
 * a section, the selected cards), the format (PNG drawn by the engine here; PDF and Markdown made by the server)
 * and its options, a progress bar while it works, and Cancel that stops it.
 */
export function ExportDialog({ boardId, boardTitle, cards, sections }: Props) {
  const { t } = useTranslation('exporting');
  const opened = useAppStore((s) => s.exportDialog);
  const close = useAppStore((s) => s.closeExportDialog);
  const selected = useAppStore((s) => s.selectedCardIds);
  const board = useBoardController();
  const { status, start, cancel } = useExportRun();
  const openSections = sections.filter((s) => !s.locked);
  const [scope, setScope] = useState<Scope>(opened?.scope ?? 'board');
  const [sectionId, setSectionId] = useState<number | null>(opened?.sectionId ?? openSections[0]?.id ?? null);
  const [format, setFormat] = useState<Format>('png');
  const [scaleKind, setScaleKind] = useState<PngScale['kind']>('1x');
  const [width, setWidth] = useState(4000);
  const [background, setBackground] = useState(true);
  const [paper, setPaper] = useState<ExportPaper>('a4');
  const [orientation, setOrientation] = useState<ExportOrientation>('portrait');
  const [perPage, setPerPage] = useState<2 | 4>(4);
  const running = status.kind === 'running';
  const section = openSections.find((s) => s.id === sectionId) ?? null;
  const selectedIds = useMemo(() => {
    const ids = new Set(selected);
    return cards.filter((c) => ids.has(c.id)).map((c) => c.id);
  }, [cards, selected]);

  const region = useMemo((): Rect | null => {
    if (!board) return null;
    // A free plan's locked placeholders are not part of the image, as PDF and Markdown leave them out.
    if (scope === 'board') return unionRects(board.boardBounds({ lockedSections: false }), null);
    if (scope === 'selection') return unionRects(board.cardBounds(selectedIds), null);
    if (!section) return null;
    const inSection = cards.filter((c) => c.sectionId === section.id).map((c) => c.id);
    return unionRects({ ...section.position, ...section.size }, board.cardBounds(inSection));
  }, [board, scope, section, selectedIds, cards]);
  const padded = region ? padRect(region) : null;
  const scale = padded ? pngScale(padded, scaleKind === 'width' ? { kind: 'width', width } : { kind: scaleKind }) : 1;
  const size = padded ? pngSize(padded, scale) : null;

  const problem = (() => {
    if (scope === 'selection' && selectedIds.length === 0) return t('nothingToExport');
    if (format === 'png') {
      if (!padded || !size) return t('nothingToExport');
      return size.fits ? null : t('tooLarge', { max: 16_384 });
    }
    if (scope === 'selection' && selectedIds.length > EXPORT_MAX_CARD_IDS)
      return t('tooManySelected', { max: EXPORT_MAX_CARD_IDS });
    if (scope === 'section' && !section) return t('nothingToExport');
    return null;
  })();

  const run = () => {
    if (problem) return;
    if (format === 'png') {
      if (!board || !padded) return;
      const fileName = exportFileName(boardTitle, scope === 'section' ? (section?.title ?? null) : null, 'png');
      void start({
        kind: 'png',
        fileName,
        render: (onProgress, isCancelled) =>
          exportPng(board, { rect: padded, scale, background, onProgress, isCancelled }),
      });
      return;
    }
    const url = exportUrl({
      boardId,
      format,
      sectionId: scope === 'section' ? sectionId : null,
      cardIds: scope === 'selection' ? selectedIds : null,
      paper,
      orientation,
      perPage,
    });
    void start({ kind: 'server', url });
  };

  const onClose = () => {
    cancel();
    close();
  };

  return (
    <Dialog title={t('dialogTitle')} onClose={onClose} className="export-dialog">
      <form
        className="form export-form"
        data-testid="export-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <fieldset disabled={running}>
          <legend>{t('what')}</legend>
          <Choice name="scope" value="board" current={scope} onChange={setScope} label={t('wholeBoard')} />
          <Choice
            name="scope"
            value="section"
            current={scope}
            onChange={setScope}
            label={t('thisSection')}
            disabled={openSections.length === 0}
          />
          {scope === 'section' && (
            <select
              aria-label={t('thisSection')}
              value={sectionId ?? ''}
              onChange={(e) => setSectionId(Number(e.target.value))}
            >
              {openSections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
          <Choice
            name="scope"
            value="selection"
            current={scope}
            onChange={setScope}
            label={t('selectedCards', { count: selectedIds.length })}
            disabled={selectedIds.length === 0}
          />
        </fieldset>
        <fieldset disabled={running}>
          <legend>{t('format')}</legend>
          <Choice name="format" value="png" current={format} onChange={setFormat} label={t('formatPng')} />
          <Choice name="format" value="pdf" current={format} onChange={setFormat} label={t('formatPdf')} />
          <Choice name="format" value="md" current={format} onChange={setFormat} label={t('formatMd')} />
        </fieldset>
        {format === 'png' && (
          <fieldset disabled={running}>
            <legend>{t('scale')}</legend>
            <Choice name="scale" value="1x" current={scaleKind} onChange={setScaleKind} label={t('scale1x')} />
            <Choice name="scale" value="2x" current={scaleKind} onChange={setScaleKind} label={t('scale2x')} />
            <Choice name="scale" value="width" current={scaleKind} onChange={setScaleKind} label={t('scaleWidth')} />
            {scaleKind === 'width' && (
              <input
                type="number"
                aria-label={t('scaleWidth')}
                min={16}
                max={16_384}
                value={width}
                onChange={(e) => setWidth(Math.max(1, Math.round(Number(e.target.value) || 1)))}
              />
            )}
            <label className="export-check">
              <input type="checkbox" checked={background} onChange={(e) => setBackground(e.target.checked)} />
              {t('background')}
            </label>
            {size && (
              <span className="export-size" data-testid="export-size">
                {t('sizePx', { width: size.width, height: size.height })}
              </span>
            )}
          </fieldset>
        )}
        {format === 'pdf' && (
          <fieldset disabled={running}>
            <legend>{t('paper')}</legend>
            <select aria-label={t('paper')} value={paper} onChange={(e) => setPaper(e.target.value as ExportPaper)}>
              <option value="a4">{t('paperA4')}</option>
              <option value="letter">{t('paperLetter')}</option>
            </select>
            <select
              aria-label={t('orientation')}
              value={orientation}
              onChange={(e) => setOrientation(e.target.value as ExportOrientation)}
            >
              <option value="portrait">{t('portrait')}</option>
              <option value="landscape">{t('landscape')}</option>
            </select>
            <select
              aria-label={t('perPage')}
              value={perPage}
              onChange={(e) => setPerPage(Number(e.target.value) === 2 ? 2 : 4)}
            >
              <option value={2}>2</option>
              <option value={4}>4</option>
            </select>
          </fieldset>
        )}
        <ExportProgress status={status} />
        {problem && <p className="form-error">{problem}</p>}
        <DialogFooter
          actions={[
            { label: running ? t('cancel') : t('close'), onClick: running ? cancel : onClose },
            {
              label: t('start'),
              kind: 'primary',
              submit: true,
              disabled: running || problem !== null || (format === 'png' && !board),
            },
          ]}
        />
      </form>
    </Dialog>
  );
}

function Choice<T extends string>(props: {
  name: string;
  value: T;
  current: T;
  onChange: (v: T) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <label className="export-choice">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.current === props.value}
        disabled={props.disabled}
        onChange={() => props.onChange(props.value)}
      />
      {props.label}
    </label>
  );
}

function ExportProgress({ status }: { status: ReturnType<typeof useExportRun>['status'] }) {
  const { t } = useTranslation('exporting');
  if (status.kind === 'idle') return null;
  if (status.kind === 'running') {
    const determinate = status.total !== null && status.done !== null;
    return (
      <div className="export-progress" role="status">
        <span>
          {t(status.stage)}
          {status.bytes ? ` ${t('megabytes', { size: (status.bytes / 1024 / 1024).toFixed(1) })}` : ''}
        </span>
        {determinate ? (
          <progress data-testid="export-progress" value={status.done!} max={status.total!} />
        ) : (
          <progress data-testid="export-progress" />
        )}
      </div>
    );
  }
  const text =
    status.kind === 'done'
      ? t('done', { fileName: status.fileName })
      : status.kind === 'cancelled'
        ? t('cancelled')
        : t('failed', { message: status.message });
  return (
    <p className={status.kind === 'failed' ? 'form-error' : 'export-status'} role="status" data-testid="export-status">
      {text}
    </p>
  );
}
