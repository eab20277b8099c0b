/**
 * The back office's page numbers: "N in all · page p of P", previous and next, and the page
 * numbers around the current one. Links keep the table's other query fields (its filters).
 */
import { Link, useLocation } from 'react-router';
import { useT } from '~/lib/use-t';

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/** The page numbers shown: the first, the last, and two on each side of the current one. */
export function visiblePages(page: number, pages: number): number[] {
  const shown = new Set([1, pages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  return [...shown].sort((a, b) => a - b);
}

const LINK = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm';

export function AdminPager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const t = useT();
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('admin.pager.label')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="admin-pager">
      <p>{t('admin.pager.summary', { total, page, pages })}</p>
      {pages > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          {page > 1 && (
            <li>
              <Link to={pageHref(search, page - 1)} className={`${LINK} hover:bg-zinc-100 dark:hover:bg-zinc-800`} rel="prev">
                {t('admin.pager.previous')}
              </Link>
            </li>
          )}
          {visiblePages(page, pages).map((p, index, all) => (
            <li key={p} className="flex items-center gap-1">
              {index > 0 && p - all[index - 1]! > 1 && <span aria-hidden="true">…</span>}
              <Link
                to={pageHref(search, p)}
                aria-current={p === page ? 'page' : undefined}
                className={`${LINK} ${p === page ? 'bg-brand-600 font-medium text-white' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
              >
                {p}
              </Link>
            </li>
          ))}
          {page < pages && (
            <li>
              <Link to={pageHref(search, page + 1)} className={`${LINK} hover:bg-zinc-100 dark:hover:bg-zinc-800`} rel="next">
                {t('admin.pager.next')}
              </Link>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}
