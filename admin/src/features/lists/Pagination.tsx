import { paginationWindow } from "@shop/shared";
import { Link, useLocation } from "react-router";

type Props = { total: number; count: number; start: number; hrefFor: (start: number, count: number) => string };

/** The pager of §9: up to 20 page links in a moving window, first/last, set jumps and 'Show All'. */
export function Pagination({ total, count, start, hrefFor }: Props) {
  const location = useLocation();
  const { links, pageCount, currentPage } = paginationWindow({ total, count, start });
  if (links.length === 0) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <span className="muted pagination-summary">
        Page {currentPage} of {pageCount}
      </span>
      <ul>
        {links.map((link) => (
          <li key={`${link.kind}-${link.label}`} className={`page-link ${link.kind}`}>
            {link.current ? (
              <span aria-current="page" className="current">
                {link.label}
              </span>
            ) : (
              <Link to={hrefFor(link.start, link.count)} state={location.state}>
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
