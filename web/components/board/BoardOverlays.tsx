import type { Board, Card, Section } from '../../data/wire';
import { CardContextMenu } from '../card/CardContextMenu';
import { CardHoverControls } from '../card/CardHoverControls';
import { FindBar } from '../find/FindBar';
import { Minimap } from '../minimap/Minimap';
import { SelectionBar } from '../selection/SelectionBar';
import { CardFocusTarget } from './CardFocusTarget';
import { AskOwnerDialog } from './AskOwnerDialog';
import { LockedSectionButtons } from './LockedSectionButtons';
import { PresenceAvatars } from './PresenceAvatars';
import { SectionMenu } from './SectionMenu';

type Props = {
  cards: Card[];
  sections: Section[];
  boards: Board[];
  boardId: number | null;
  onRenameSection: (sectionId: number) => void;
};

/** The DOM layers over the visible canvas: hover controls, menus, selection and find bars, minimap, upgrade buttons. */
export function BoardOverlays({ cards, sections, boards, boardId, onRenameSection }: Props) {
  // A free plan's locked sections hide their cards (spec accounts §4), so they are never offered as a destination.
  const open = sections.filter((s) => !s.locked);
  return (
    <>
      {/* First: Tab reaches the cards before the menus and bars that act on them. */}
      <CardFocusTarget cards={cards} sections={sections} />
      <CardHoverControls cards={cards} />
      <CardContextMenu cards={cards} sections={open} />
      <SectionMenu sections={open} boardId={boardId} onRename={onRenameSection} />
      <SelectionBar cards={cards} sections={open} boards={boards} currentBoardId={boardId} />
      <FindBar cards={cards} />
      <Minimap cards={cards} sections={sections} />
      <LockedSectionButtons sections={sections} />
      <AskOwnerDialog />
      <PresenceAvatars />
    </>
  );
}
