import { tagColor } from '#shared/tag-colors';

/** Category chips in the spec's tag colors (board-workspace §3: unknown tags are gray). */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-chips" translate="no">
      {tags.map((tag) => {
        const color = tagColor(tag);
        return (
          <li key={tag} className="tag-chip" style={{ background: color.bg, color: color.text }}>
            {tag}
          </li>
        );
      })}
    </ul>
  );
}
