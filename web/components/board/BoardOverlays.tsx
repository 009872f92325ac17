import type { Board, Card, Section } from '../../data/wire';
import { CardContextMenu } from '../card/CardContextMenu';
import { CardHoverControls } from '../card/CardHoverControls';
import { SectionMenu } from '../section/SectionMenu';
import { FindBar } from '../find/FindBar';
import { Minimap } from '../minimap/Minimap';
import { SelectionBar } from '../selection/SelectionBar';

type Props = { cards: Card[]; sections: Section[]; boards: Board[]; boardId: number | null };

/** The DOM layers over the visible canvas: hover controls, context menu, selection bar, find bar and minimap. */
export function BoardOverlays({ cards, sections, boards, boardId }: Props) {
  // A free plan's locked sections hide their cards (spec accounts §4), so they are never offered as a destination.
  const open = sections.filter((s) => !s.locked);
  return (
    <>
      <CardHoverControls cards={cards} />
      <CardContextMenu cards={cards} sections={open} />
      <SectionMenu sections={open} />
      <SelectionBar cards={cards} sections={open} boards={boards} currentBoardId={boardId} />
      <FindBar cards={cards} />
      <Minimap cards={cards} sections={sections} />
    </>
  );
}
