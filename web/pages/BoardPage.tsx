import { SHELL_TEXT } from '../../shared/messages/web';
import { useCurrentBoard } from '../components/board/use-current-board';
import { Sidebar } from '../components/sidebar/Sidebar';
import { useBoards } from '../data/boards.queries';
import { useCurrentUser } from '../data/user.queries';

/** The main board screen (/): sidebar and board area (spec board-workspace §2 "Main board screen"). */
export function BoardPage() {
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;
  const boardsQuery = useBoards(user?.id);
  useCurrentBoard(user?.id, boardsQuery.data);

  if (userQuery.isPending) return <div className="page-center">{SHELL_TEXT.loading}</div>;
  return (
    <div className="board-screen">
      <Sidebar user={user} boards={boardsQuery.data ?? []} />
      <main className="board-main">{!user && <div className="guest-hero">{SHELL_TEXT.guestHeading}</div>}</main>
    </div>
  );
}
