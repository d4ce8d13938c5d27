import type { LinkListProps } from "../../../generated/types";

export default function LinkList({ title, links, layout = "chips" }: LinkListProps) {
  return (
    <nav className={`sf-links sf-links--${layout}`} aria-label={title}>
      {title && <h2 className="sf-links__title">{title}</h2>}
      <ul className="sf-links__list">
        {links.map((link) => (
          <li key={link.href}>
            <a className="sf-links__link" href={link.href}>
              {link.label}
              {link.count !== undefined && <span className="sf-links__count"> ({link.count})</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
