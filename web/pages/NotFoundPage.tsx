import { Link } from 'react-router-dom';
import { NOT_FOUND_TEXT } from '#shared/messages/web';

/** The catch-all page (spec board-workspace §2). */
export function NotFoundPage() {
  return (
    <main className="page-center">
      <div className="panel">
        <h1>{NOT_FOUND_TEXT.title}</h1>
        <p>{NOT_FOUND_TEXT.hint}</p>
        <Link to="/">Home</Link>
      </div>
    </main>
  );
}
