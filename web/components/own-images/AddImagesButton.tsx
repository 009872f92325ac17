import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OWN_IMAGE_ACCEPT } from '#shared/own-images';
import { useSections } from '../../data/sections.queries';
import { sourcesFrom } from '../../logic/own-images';
import { useBoardController } from '../board/board-controller-context';
import { addOwnImages } from './add-own-images';
import { viewportCentre } from './use-own-image-drop';

/** "Add images": pick image files; they land at the viewport centre. */
export function AddImagesButton({ boardId }: { boardId: number | null }) {
  const { t } = useTranslation('dialogs');
  const board = useBoardController();
  const queryClient = useQueryClient();
  const sections = useSections(boardId).data ?? [];
  const input = useRef<HTMLInputElement>(null);
  const disabled = !board || boardId === null || boardId <= 0;

  const onPicked = () => {
    const files = Array.from(input.current?.files ?? []);
    if (input.current) input.current.value = '';
    const host = document.querySelector<HTMLElement>('[data-testid="board-canvas"]');
    if (!board || !host || boardId === null || files.length === 0) return;
    const { sources, dropped } = sourcesFrom(files, null);
    void addOwnImages({ queryClient, board, boardId, sections }, sources, viewportCentre(board, host), dropped);
  };

  return (
    <>
      <button type="button" className="tb" disabled={disabled} onClick={() => input.current?.click()}>
        {t('ownCard.addImages')}
      </button>
      <input
        ref={input}
        type="file"
        accept={OWN_IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="add-images-input"
        onChange={onPicked}
      />
    </>
  );
}
