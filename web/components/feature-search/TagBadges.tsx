import { tagColor } from '#shared/tag-colors';

/**
 * A feature's primary and secondary tag as badges in the tag colors (spec accounts §2; board-workspace §3:
 * categories dark, sub-tags light, unknown or shared names such as 'Other' gray).
 */
export function TagBadges({ primary, secondary }: { primary: string; secondary: string }) {
  const tags = [primary, secondary].filter((t, i, all) => t && all.indexOf(t) === i);
  return (
    <ul className="fs-tags" translate="no">
      {tags.map((tag) => {
        const color = tagColor(tag);
        return (
          <li key={tag} className="fs-tag" style={{ background: color.bg, color: color.text }}>
            {tag}
          </li>
        );
      })}
    </ul>
  );
}
