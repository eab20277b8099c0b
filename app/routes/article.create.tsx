/**
 * `/article/create` (spec §2; sign-in required; no-footer layout): write an article. With the
 * article module off the page is refused (403, 'Article feature is not enabled'); a member
 * without a verified e-mail is told so, with the link to verify it.
 */
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ArticleForm } from '~/components/article/article-form';
import { unwrap } from '~/components/topic/page-data.server';
import { siteActions } from '../../common/actions/site';
import { EditorPage } from '~/components/content/editor-page';
import { NewMemberNotice } from '~/components/safety/new-member-notice';
import { can } from '../../common/policies/can';
import { privateMeta } from '~/components/content/item-meta';
import { requireUser } from '~/lib/auth.server';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';
import { BannedPanel, useBanUntil } from '~/components/moderation/ban-notice';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const config = unwrap(await context.read(siteActions.config, {}));
  if (!config.modules.article) throw data(tFor(context.locale)('article.errors.disabled'), { status: 403 });
  return { needsVerifiedEmail: !user.emailVerified && !can(user, 'content:postUnverified') };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privateMeta(matches, (t) => t('articleEdit.newArticle'));

export default function CreateArticlePage() {
  const { needsVerifiedEmail } = useLoaderData<typeof loader>();
  const t = useT();
  const banned = useBanUntil() !== 0;
  return (
    <EditorPage title={t('articleEdit.newArticle')}>
      {/* A new member's limits (issue 28): the next posts reviewed, links capped. */}
      <NewMemberNotice className="mb-5" />
      {banned ? <BannedPanel what="post" /> : <ArticleForm needsVerifiedEmail={needsVerifiedEmail} />}
    </EditorPage>
  );
}
