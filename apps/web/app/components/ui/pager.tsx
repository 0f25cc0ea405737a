import { Link } from 'react-router';

/** The pages a pager links: the first, the last and two either side of the current one, with gaps between. */
export function pagerPages(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out.at(-1) !== 'gap') out.push('gap');
  }
  return out;
}

/**
 * The pages of a list whose state is in the address: Previous, the pages (`pagerPages`) and Next, each a link made by
 * `href`; nothing when everything fits on one page.
 */
export function Pager({ page: asked, total, perPage, href }: { page: number; total: number; perPage: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return null;
  const page = Math.min(asked, pages);
  return (
    <nav className="jw-pager" aria-label="Pages">
      {page > 1 && (
        <Link className="jw-page jw-page--step" to={href(page - 1)} rel="prev">
          Previous
        </Link>
      )}
      {pagerPages(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="jw-page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={p} className={`jw-page${p === page ? ' is-current' : ''}`} to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link className="jw-page jw-page--step" to={href(page + 1)} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
