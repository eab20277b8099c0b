/**
 * `/user/profile/sessions` (issue 29, profile layout, sign-in required): where the member is
 * signed in — device, country, last active — this device marked, "Sign out" on each other one,
 * and "Sign out all other sessions". Times in the site's time zone. A page read carries no
 * session (only the API's calls do), so which one is this device comes from the browser's own
 * read of the list after hydration.
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { send } from '~/lib/api';
import { requireUser } from '~/lib/auth.server';
import { useRootData } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useBusyCall } from '~/lib/use-busy-call';
import { useT } from '~/lib/use-t';
import { sessionActions } from '../../common/actions/sessions';
import type { MemberSessionView } from '../../common/views/sessions';

export const meta = accountMeta('sessions.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  return { list: unwrapResult(await context.read(sessionActions.list, {})) };
}

function placeName(country: string, locale: string): string | null {
  if (!country) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

function SessionRow({ row, canEnd, onEnded }: { row: MemberSessionView; canEnd: boolean; onEnded: () => void }) {
  const t = useT();
  const toast = useToast();
  const { locale } = useRootData();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const device = row.device || t('sessions.unknownDevice');
  async function end() {
    setBusy(true);
    try {
      await send(sessionActions.revoke, { id: row.id });
      toast.success(t('sessions.signedOut'));
      onEnded();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="session-row" data-current={row.current ? 'true' : undefined}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-900 dark:text-zinc-50">
          {device}
          {row.current && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{t('sessions.thisDevice')}</span>}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {placeName(row.country, locale) ?? t('sessions.unknownPlace')} · {t('sessions.lastSeen')}{' '}
          <LocalDateTime time={row.lastSeenTime} />
        </p>
      </div>
      {canEnd && !row.current && (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void end()} aria-label={t('sessions.signOutName', { device })} data-testid="session-sign-out">
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

export default function SessionsPage() {
  const t = useT();
  const { list: loaded } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { busy, run } = useBusyCall();
  const [list, setList] = useState(loaded);
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    let live = true;
    send(sessionActions.list, {})
      .then((answer) => {
        if (!live) return;
        setList(answer);
        setMarked(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loaded]);
  const others = list.sessions.filter((row) => !row.current).length;

  const endOthers = () => run(() => send(sessionActions.revokeOthers, {}), (answer) => t('sessions.signedOutAll', { count: answer.ended }));

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('sessions.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('sessions.intro')}</p>
      </div>
      <Card>
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('sessions.title')}>
          {list.sessions.map((row) => (
            <SessionRow key={row.id} row={row} canEnd={marked} onEnded={() => void revalidator.revalidate()} />
          ))}
        </ul>
      </Card>
      {!marked ? null : others > 0 ? (
        <Button variant="danger" loading={busy} onClick={() => void endOthers()} data-testid="sessions-sign-out-all">
          {t('sessions.signOutAll')}
        </Button>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessions.none')}</p>
      )}
    </div>
  );
}
