/**
 * Menus on Radix DropdownMenu (roving focus, typeahead, Escape, aria-expanded on the trigger).
 *
 *   <Dropdown trigger={<button aria-label="…">…</button>}>
 *     <DropdownLink to="/user/1">Profile</DropdownLink>
 *     <DropdownSeparator />
 *     <DropdownItem onSelect={logout}>Sign out</DropdownItem>
 *   </Dropdown>
 */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-zinc-800 outline-none select-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-950 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white';

export function Dropdown({
  trigger,
  children,
  align = 'end',
  label,
  defaultOpen = false,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  label?: ReactNode;
  /** Open at once when mounted (a lazily loaded menu whose stand-in was clicked meanwhile). */
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          className="z-[120] min-w-44 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {label && <DropdownMenu.Label className="truncate px-2.5 py-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</DropdownMenu.Label>}
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function DropdownItem({ onSelect, children, danger = false }: { onSelect: () => void; children: ReactNode; danger?: boolean }) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={`${ITEM} ${danger ? 'text-red-700 dark:text-red-400' : ''}`}>
      {children}
    </DropdownMenu.Item>
  );
}

export function DropdownLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={ITEM}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}

export function DropdownSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />;
}
