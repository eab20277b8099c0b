/**
 * `/article/edit/{id}` (spec §2; sign-in required; no-footer layout): the author or a moderator
 * edits an article. The loader reads the raw editable fields in-process (GET article/edit/{id}'s
 * declared action): someone else's article is refused (403), a missing one is 404, and with the
 * module off the page says so (403).
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { articleActions } from '../../common/actions/articles';
import { ArticleForm } from '~/components/article/article-form';
import { EditorPage } from '~/components/content/editor-page';
import { can } from '../../common/policies/can';
import { privateMeta } from '~/components/content/item-meta';
import { pathId, unwrap } from '~/components/topic/page-data.server';
import { requireUser } from '~/lib/auth.server';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';

export async function loader({ context, request, params }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const id = pathId(params.id, tFor(context.locale)('article.errors.notFound'));
  const article = unwrap(await context.read(articleActions.forEdit, { id }));
  return { article, needsVerifiedEmail: !user.emailVerified && !can(user, 'content:postUnverified') };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privateMeta(matches, (t) => t('articleEdit.editArticle'));

export default function EditArticlePage() {
  const { article, needsVerifiedEmail } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <EditorPage title={t('articleEdit.editArticle')}>
      <ArticleForm key={article.id} initial={article} needsVerifiedEmail={needsVerifiedEmail} />
    </EditorPage>
  );
}
