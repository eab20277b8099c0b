/**
 * A page with a side navigation (the "profile" and "ucenter" layouts): tabs in a column on wide
 * screens, a horizontal scroller on phones. The active tab is marked with aria-current. On a
 * phone the scroller shows that it scrolls: a fade and a chevron at each edge with more tabs
 * beyond it, and the active tab is brought into view.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

/** Which edges of the strip have tabs beyond them. */
function useOverflowEdges(): [React.RefObject<HTMLUListElement | null>, { start: boolean; end: boolean }] {
  const ref = useRef<HTMLUListElement | null>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const { pathname } = useLocation();
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      const start = list.scrollLeft > 1;
      const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    list.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      list.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [pathname]);
  return [ref, edges];
}

const FADE = 'pointer-events-none absolute inset-y-0 flex w-10 items-center text-zinc-500 md:hidden dark:text-zinc-400';

export interface SectionNavItem {
  to: string;
  label: string;
}

export function SectionLayout({ title, items, children }: { title: string; items: SectionNavItem[]; children: ReactNode }) {
  const [listRef, edges] = useOverflowEdges();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <nav aria-label={title} className="min-w-0 md:sticky md:top-20 md:self-start">
        {/* Not a heading: it comes before the page's <h1> (axe heading-order); the nav is labelled by it anyway. */}
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase md:block dark:text-zinc-400">{title}</p>
        <div className="relative" data-testid="section-nav" data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
        <ul ref={listRef} className="-mx-1 flex gap-1 overflow-x-auto [scrollbar-width:none] md:mx-0 md:flex-col">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm whitespace-nowrap ${
                    isActive
                      ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200 font-medium'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {edges.start && (
          <span aria-hidden="true" data-testid="section-nav-fade-start" className={`${FADE} left-0 justify-start bg-gradient-to-r from-zinc-50 via-zinc-50/80 to-transparent dark:from-zinc-950 dark:via-zinc-950/80`}>
            <ChevronIcon direction="left" />
          </span>
        )}
        {edges.end && (
          <span aria-hidden="true" data-testid="section-nav-fade-end" className={`${FADE} right-0 justify-end bg-gradient-to-l from-zinc-50 via-zinc-50/80 to-transparent dark:from-zinc-950 dark:via-zinc-950/80`}>
            <ChevronIcon direction="right" />
          </span>
        )}
        </div>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path d={direction === 'right' ? 'M8 5l5 5-5 5' : 'M12 5l-5 5 5 5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
