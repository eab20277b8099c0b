/**
 * The article page's buttons: the shared action bar (../content/item-actions.tsx: like,
 * favorite, edit, delete, the moderators' menu with the comment rules) with the article's own moderator entry,
 * recommend, which asks first as the delete does.
 */
import { ItemActions, useActionRunner, useFlagSetter, useSeededState, type ModeratorEntry } from '~/components/content/item-actions';
import { SparkIcon } from '~/components/topic/icons';
import { useConfirm } from '~/components/ui/confirm';
import type { SessionUser } from '~/lib/session';
import { useT } from '~/lib/use-t';
import type { ArticleView } from './types';

const recommendOf = (article: ArticleView) => article.recommend;

export function ArticleActions({ article, user, onRecommendChange }: { article: ArticleView; user: SessionUser | null; onRecommendChange?: (recommend: boolean) => void }) {
  const t = useT();
  const runner = useActionRunner();
  const [confirm, confirmDialog] = useConfirm();
  const [recommend, setRecommend] = useSeededState(article, recommendOf);
  const setFlag = useFlagSetter<ArticleView>('article', article.id, runner, (answer) => {
    setRecommend(answer.recommend);
    onRecommendChange?.(answer.recommend);
  });

  /** Recommending shows the article as a moderator's pick everywhere: asked first. */
  async function toggleRecommend() {
    const on = !recommend;
    const ok = await confirm({
      title: t(on ? 'articleEdit.moderation.recommendTitle' : 'articleEdit.moderation.unrecommendTitle'),
      description: t(on ? 'articleEdit.moderation.recommendBody' : 'articleEdit.moderation.unrecommendBody'),
      confirmLabel: t(on ? 'moderation.recommend' : 'moderation.unrecommend'),
    });
    if (ok) await setFlag('recommend', on);
  }

  const moderatorEntries: ModeratorEntry[] = [
    { key: 'recommend', icon: <SparkIcon />, label: recommend ? t('moderation.unrecommend') : t('moderation.recommend'), onSelect: () => void toggleRecommend() },
  ];
  return (
    <ItemActions kind="article" item={article} user={user} runner={runner} moderatorEntries={moderatorEntries}>
      {confirmDialog}
    </ItemActions>
  );
}
