/** A small busy indicator. Decorative by default; pass `label` when it is the only content. */
import { useT } from '~/lib/use-t';

const SIZES = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' } as const;

export function Spinner({ size = 'md', label }: { size?: keyof typeof SIZES; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      className={`inline-block animate-spin rounded-full border-current border-r-transparent align-[-0.125em] ${SIZES[size]}`}
    />
  );
}

/** A centred "Loading" block for a region that is fetching (spec §9 loading text). */
export function LoadingBlock() {
  const t = useT();
  return (
    <div className="flex items-center justify-center gap-2 py-10 text-sm text-zinc-500 dark:text-zinc-400" role="status">
      <Spinner size="sm" />
      {t('site.ui.loading')}
    </div>
  );
}
