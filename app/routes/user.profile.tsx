/**
 * `/user/profile` (spec §2, profile layout, sign-in required): edit profile — the avatar, the
 * nickname, the signature and the home page. The loader reads the signed-in user in-process;
 * each section re-runs it after a change, and the header follows through the root loader.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { AvatarSection } from '~/components/profile/avatar-section';
import { ProfileForm } from '~/components/profile/profile-form';
import { requireUser } from '~/lib/auth.server';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('profile.title');

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  // Only what this page shows: it is serialized into the HTML.
  return { id: user.id, nickname: user.nickname, avatar: user.avatar, signature: user.signature, homePage: user.homePage };
}

export default function EditProfilePage() {
  const t = useT();
  const profile = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('profile.title')}</h1>
        <Link to={paths.user(profile.id)} className="text-brand-700 dark:text-brand-300 text-sm hover:underline" data-testid="profile-view-public">
          {t('profile.viewPublic')}
        </Link>
      </div>
      <AvatarSection user={profile} />
      {/* Keyed by the saved values: after a save the form starts from what the server kept. */}
      <ProfileForm key={`${profile.nickname}\n${profile.signature}\n${profile.homePage}`} profile={profile} />
    </div>
  );
}
