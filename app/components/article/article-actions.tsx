/**
 * The article page's buttons: the shared action bar (../content/item-actions.tsx: like,
 * favorite, edit, delete, the moderators' menu) with the article's own moderator entry,
 * recommend, which asks first as the delete does.
 */
import { useRevalidator } from 'react-router';
import { ItemActions, useActionRunner, useSeededState } from '~/components/content/item-actions';
import { SparkIcon } from '~/components/topic/icons';
import { useConfirm } from '~/components/ui/dialog';
import { DropdownItem } from '~/components/ui/dropdown';
import { api } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import type { ArticleView } from './types';

const recommendOf = (article: ArticleView) => article.recommend;

export function ArticleActions({ article, user, onRecommendChange }: { article: ArticleView; user: SessionUser | null; onRecommendChange?: (recommend: boolean) => void }) {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const runner = useActionRunner();
  const [confirm, confirmDialog] = useConfirm();
  const [recommend, setRecommend] = useSeededState(article, recommendOf);

  async function toggleRecommend() {
    const on = !recommend;
    const ok = await confirm({
      title: t(on ? 'articleEdit.moderation.recommendTitle' : 'articleEdit.moderation.unrecommendTitle'),
      description: t(on ? 'articleEdit.moderation.recommendBody' : 'articleEdit.moderation.unrecommendBody'),
      confirmLabel: t(on ? 'moderation.recommend' : 'moderation.unrecommend'),
    });
    if (!ok) return;
    await runner.run('recommend', async () => {
      const answer = await api<ArticleView>(`/api/article/recommend/${article.id}`, { method: 'POST', body: { recommend: on } });
      setRecommend(answer.recommend);
      onRecommendChange?.(answer.recommend);
      toast.success(t(answer.recommend ? 'moderation.recommendOn' : 'moderation.recommendOff'));
      void revalidator.revalidate();
    });
  }

  return (
    <ItemActions
      kind="article"
      item={article}
      user={user}
      runner={runner}
      deleteText={{ title: t('articleEdit.moderation.deleteTitle'), body: t('articleEdit.moderation.deleteBody'), done: t('articleEdit.moderation.deleted') }}
      afterDelete="/articles"
      moderatorItems={
        <DropdownItem onSelect={() => void toggleRecommend()}>
          <SparkIcon />
          {recommend ? t('moderation.unrecommend') : t('moderation.recommend')}
        </DropdownItem>
      }
    >
      {confirmDialog}
    </ItemActions>
  );
}
