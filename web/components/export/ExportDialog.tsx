import { DialogFooter } from '../dialogs/DialogFooter';
import { useMemo, useState } from 'react';
import type { Rect } from '#engine/types';
import { exportFileName } from '#shared/export-file-name';
import { EXPORT_TEXT } from '#shared/messages/export';
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
    if (scope === 'selection' && selectedIds.length === 0) return EXPORT_TEXT.nothingToExport;
    if (format === 'png') {
      if (!padded || !size) return EXPORT_TEXT.nothingToExport;
      return size.fits ? null : EXPORT_TEXT.tooLarge(16_384);
    }
    if (scope === 'selection' && selectedIds.length > EXPORT_MAX_CARD_IDS)
      return EXPORT_TEXT.tooManySelected(EXPORT_MAX_CARD_IDS);
    if (scope === 'section' && !section) return EXPORT_TEXT.nothingToExport;
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
    <Dialog title={EXPORT_TEXT.dialogTitle} onClose={onClose} className="export-dialog">
      <form
        className="form export-form"
        data-testid="export-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <fieldset disabled={running}>
          <legend>{EXPORT_TEXT.what}</legend>
          <Choice name="scope" value="board" current={scope} onChange={setScope} label={EXPORT_TEXT.wholeBoard} />
          <Choice
            name="scope"
            value="section"
            current={scope}
            onChange={setScope}
            label={EXPORT_TEXT.thisSection}
            disabled={openSections.length === 0}
          />
          {scope === 'section' && (
            <select
              aria-label={EXPORT_TEXT.thisSection}
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
            label={EXPORT_TEXT.selectedCards(selectedIds.length)}
            disabled={selectedIds.length === 0}
          />
        </fieldset>
        <fieldset disabled={running}>
          <legend>{EXPORT_TEXT.format}</legend>
          <Choice name="format" value="png" current={format} onChange={setFormat} label={EXPORT_TEXT.formatPng} />
          <Choice name="format" value="pdf" current={format} onChange={setFormat} label={EXPORT_TEXT.formatPdf} />
          <Choice name="format" value="md" current={format} onChange={setFormat} label={EXPORT_TEXT.formatMd} />
        </fieldset>
        {format === 'png' && (
          <fieldset disabled={running}>
            <legend>{EXPORT_TEXT.scale}</legend>
            <Choice name="scale" value="1x" current={scaleKind} onChange={setScaleKind} label={EXPORT_TEXT.scale1x} />
            <Choice name="scale" value="2x" current={scaleKind} onChange={setScaleKind} label={EXPORT_TEXT.scale2x} />
            <Choice
              name="scale"
              value="width"
              current={scaleKind}
              onChange={setScaleKind}
              label={EXPORT_TEXT.scaleWidth}
            />
            {scaleKind === 'width' && (
              <input
                type="number"
                aria-label={EXPORT_TEXT.scaleWidth}
                min={16}
                max={16_384}
                value={width}
                onChange={(e) => setWidth(Math.max(1, Math.round(Number(e.target.value) || 1)))}
              />
            )}
            <label className="export-check">
              <input type="checkbox" checked={background} onChange={(e) => setBackground(e.target.checked)} />
              {EXPORT_TEXT.background}
            </label>
            {size && (
              <span className="export-size" data-testid="export-size">
                {size.width} × {size.height} {EXPORT_TEXT.widthPx}
              </span>
            )}
          </fieldset>
        )}
        {format === 'pdf' && (
          <fieldset disabled={running}>
            <legend>{EXPORT_TEXT.paper}</legend>
            <select
              aria-label={EXPORT_TEXT.paper}
              value={paper}
              onChange={(e) => setPaper(e.target.value as ExportPaper)}
            >
              <option value="a4">{EXPORT_TEXT.paperA4}</option>
              <option value="letter">{EXPORT_TEXT.paperLetter}</option>
            </select>
            <select
              aria-label={EXPORT_TEXT.orientation}
              value={orientation}
              onChange={(e) => setOrientation(e.target.value as ExportOrientation)}
            >
              <option value="portrait">{EXPORT_TEXT.portrait}</option>
              <option value="landscape">{EXPORT_TEXT.landscape}</option>
            </select>
            <select
              aria-label={EXPORT_TEXT.perPage}
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
            { label: running ? EXPORT_TEXT.cancel : EXPORT_TEXT.close, onClick: running ? cancel : onClose },
            {
              label: EXPORT_TEXT.start,
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
  if (status.kind === 'idle') return null;
  if (status.kind === 'running') {
    const determinate = status.total !== null && status.done !== null;
    return (
      <div className="export-progress" role="status">
        <span>
          {status.label}
          {status.bytes ? ` ${(status.bytes / 1024 / 1024).toFixed(1)} MB` : ''}
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
      ? `${EXPORT_TEXT.done}: ${status.fileName}`
      : status.kind === 'cancelled'
        ? EXPORT_TEXT.cancelled
        : `${EXPORT_TEXT.failed}: ${status.message}`;
  return (
    <p className={status.kind === 'failed' ? 'form-error' : 'export-status'} role="status" data-testid="export-status">
      {text}
    </p>
  );
}
