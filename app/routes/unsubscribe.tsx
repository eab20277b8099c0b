/**
 * `/unsubscribe?token=…` (issue 27): where an unsubscribe link of a notification mail or the
 * digest lands. It says what would be turned off, and for whom, and turns it off only when the
 * reader presses the button (a POST of the one-click action): mail scanners and link previews
 * fetch every link of a mail without pressing anything, and must change nothing. Then it
 * confirms, with a link to the notification settings. A token that is not valid gets a clear
 * error, and nothing changes. No sign-in: the token is the permission.
 */
import { useState } from 'react';
import { data, useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { unsubscribeActions } from '../../common/actions/unsubscribe';
import type { UnsubscribeTargetView } from '../../common/views/unsubscribe';
import { AuthCard, FormAlert, FormNotice } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { Button, ButtonLink } from '~/components/ui/button';
import { ApiError, send } from '~/lib/api';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

/** The member's notification settings page (`/user/profile/notifications`). */
const NOTIFICATION_SETTINGS = '/user/profile/notifications';

export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>) {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  const preview = token ? await context.read(unsubscribeActions.preview, { token }) : null;
  const answer = preview?.ok ? { ok: true as const, ...preview.data } : { ok: false as const, reason: token ? ('invalid' as const) : ('missing' as const) };
  // A link that names nothing is the link's fault: 400, and never indexed either way.
  return data(answer, { status: answer.ok ? 200 : 400, headers: { 'x-robots-tag': 'noindex, nofollow' } });
}

export const meta = accountMeta('unsubscribe.page.title');

export default function UnsubscribePage() {
  const t = useT();
  const answer = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t('unsubscribe.page.title')}>
      <div className="space-y-5">
        {answer.ok ? <Confirm target={answer.target} nickname={answer.nickname} /> : <FormAlert message={t(`unsubscribe.page.${answer.reason}`)} />}
        <Links />
      </div>
    </AuthCard>
  );
}

type Step = { state: 'asking' } | { state: 'sending' } | { state: 'done' } | { state: 'failed'; message: string };

function Confirm({ target, nickname }: { target: UnsubscribeTargetView; nickname: string }) {
  const t = useT();
  const { config } = useRootData();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ state: 'asking' });
  const what = t(`unsubscribe.what.${target}`);

  async function turnOff() {
    setStep({ state: 'sending' });
    try {
      await send(unsubscribeActions.oneClick, { token: params.get('token')?.trim() ?? '', 'List-Unsubscribe': 'One-Click' });
      setStep({ state: 'done' });
    } catch (error) {
      setStep({ state: 'failed', message: error instanceof ApiError ? error.message : t('common.unknownError') });
    }
  }

  if (step.state === 'done') return <FormNotice>{t(target === 'digest' ? 'unsubscribe.page.doneDigest' : 'unsubscribe.page.done', { what })}</FormNotice>;
  return (
    <div className="space-y-4">
      <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">{t('unsubscribe.page.confirm', { what, nickname, siteTitle: config.siteTitle })}</p>
      {step.state === 'failed' && <FormAlert message={step.message} />}
      <Button onClick={() => void turnOff()} loading={step.state === 'sending'} className="w-full">
        {t('unsubscribe.page.button')}
      </Button>
    </div>
  );
}

function Links() {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <ButtonLink to="/" variant="secondary" className="flex-1">
        {t('unsubscribe.page.home')}
      </ButtonLink>
      <ButtonLink to={NOTIFICATION_SETTINGS} variant="secondary" className="flex-1">
        {t('unsubscribe.page.settings')}
      </ButtonLink>
    </div>
  );
}
