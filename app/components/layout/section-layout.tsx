/**
 * A page with a side navigation (the "profile" and "ucenter" layouts): tabs in a column on wide
 * screens, a horizontal scroller on phones. The active tab is marked with aria-current.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface SectionNavItem {
  to: string;
  label: string;
}

export function SectionLayout({ title, items, children }: { title: string; items: SectionNavItem[]; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <nav aria-label={title} className="min-w-0 md:sticky md:top-20 md:self-start">
        {/* Not a heading: it comes before the page's <h1> (axe heading-order); the nav is labelled by it anyway. */}
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase md:block dark:text-zinc-400">{title}</p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto md:mx-0 md:flex-col">
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
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
