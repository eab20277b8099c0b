/**
 * The back office's page title and table: a header row, one row per item, an empty line when
 * there are none. On phones the table scrolls sideways inside its card rather than squeezing.
 */
import type { ReactNode } from 'react';

export function AdminTitle({ title, description }: { title: string; description: string }) {
  return (
    <header>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{title}</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
    </header>
  );
}

export interface AdminRow {
  key: number | string;
  cells: ReactNode[];
}

export function AdminTable({ head, rows, empty, testId }: { head: string[]; rows: AdminRow[]; empty: string; testId: string }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid={testId}>
        <thead className="bg-zinc-50 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={row.key} className="align-top text-zinc-800 dark:text-zinc-200">
              {row.cells.map((cell, index) => (
                <td key={index} className="px-3 py-2.5">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
