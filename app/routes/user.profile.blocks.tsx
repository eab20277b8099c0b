/**
 * `/user/profile/blocks` (issue 28, profile layout, sign-in required): the members the reader
 * blocked, newest first, each with Unblock; "Show more" pages on by the list's cursor. An empty
 * list says how to block someone.
 */
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { UsersIcon } from '~/components/ui/icons';
import { Avatar } from '~/components/user/avatar';
import { send } from '~/lib/api';
import { requireUser } from '~/lib/auth.server';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { blockActions } from '../../common/actions/blocks';
import type { BlockedMember } from '../../common/views/block';

export const meta = accountMeta('safety.blocks.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  return { page: unwrapResult(await context.read(blockActions.list, {})) };
}

function BlockedRow({ row, onUnblocked }: { row: BlockedMember; onUnblocked: (id: number) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function unblock() {
    setBusy(true);
    try {
      await send(blockActions.unblock, { userId: row.user.id });
      toast.success(t('safety.block.unblocked', { name: row.user.nickname }));
      onUnblocked(row.id);
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="blocked-row">
      <Link to={`/user/${row.user.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <Avatar user={row.user} size={40} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/user/${row.user.id}`} className="block truncate font-medium text-zinc-900 hover:underline dark:text-zinc-50">
          {row.user.nickname}
        </Link>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('safety.blocks.since')} <LocalDateTime time={row.createTime} />
        </p>
      </div>
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void unblock()} aria-label={t('safety.block.unblockName', { name: row.user.nickname })} data-testid="unblock-row">
        {t('safety.block.unblock')}
      </Button>
    </li>
  );
}

export default function BlockedMembersPage() {
  const t = useT();
  const { page } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [more, setMore] = useState<{ rows: BlockedMember[]; cursor: string; hasMore: boolean } | null>(null);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [loading, setLoading] = useState(false);
  const handleApiError = useApiErrorHandler();
  const rows = [...page.results, ...(more?.rows ?? [])].filter((row) => !removed.has(row.id));
  const cursor = more ? more.cursor : page.cursor;
  const hasMore = more ? more.hasMore : page.hasMore;

  async function loadMore() {
    setLoading(true);
    try {
      const next = await send(blockActions.list, { cursor });
      setMore({ rows: [...(more?.rows ?? []), ...next.results], cursor: next.cursor, hasMore: next.hasMore });
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('safety.blocks.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('safety.blocks.intro')}</p>
      </div>
      <Card>
        {rows.length === 0 ? (
          <EmptyState icon={<UsersIcon />} title={t('safety.blocks.emptyTitle')}>
            {t('safety.blocks.emptyBody')}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('safety.blocks.title')}>
            {rows.map((row) => (
              <BlockedRow
                key={row.id}
                row={row}
                onUnblocked={(id) => {
                  setRemoved((set) => new Set(set).add(id));
                  // The root data's blocked ids follow (the collapse elsewhere).
                  void revalidator.revalidate();
                }}
              />
            ))}
          </ul>
        )}
      </Card>
      {hasMore && rows.length > 0 && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={loading} onClick={() => void loadMore()}>
            {t('safety.blocks.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
