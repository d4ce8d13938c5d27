// Tag links of an article or a journal card: a labelled list, each tag linking to its page.
import type { NavLink } from "../../../generated/types";

export default function TagLinks({ tags, label, className }: { tags: NavLink[]; label: string; className: string }) {
  return (
    <ul className={`sf-tags ${className}`} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.href}>
          <a className="sf-tags__link" href={tag.href}>
            {tag.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
