/**
 * The topic page's buttons: the shared action bar (../content/item-actions.tsx: like, favorite,
 * edit, delete, the moderators' menu) with the topic's own moderator entries, recommend and
 * sticky. A flag changes the page at once; the loaders then re-run so every count is fresh.
 */
import { useRevalidator } from 'react-router';
import { ItemActions, useActionRunner, useSeededState } from '~/components/content/item-actions';
import { DropdownItem } from '~/components/ui/dropdown';
import { api } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { PinIcon, SparkIcon } from './icons';
import type { TopicView } from './types';
import { useT } from '~/lib/use-t';

type Flags = { sticky: boolean; recommend: boolean };

const flagsOf = (topic: TopicView): Flags => ({ sticky: topic.sticky, recommend: topic.recommend });

export function TopicActions({ topic, user, onStateChange }: { topic: TopicView; user: SessionUser | null; onStateChange?: (flags: Flags) => void }) {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const runner = useActionRunner();
  const [flags, setFlags] = useSeededState(topic, flagsOf);

  const setFlag = (flag: keyof Flags, on: boolean) =>
    void runner.run(flag, async () => {
      const answer = await api<TopicView>(`/api/topic/${flag}/${topic.id}`, { method: 'POST', body: { [flag]: on } });
      setFlags(flagsOf(answer));
      onStateChange?.(flagsOf(answer));
      const key = flag === 'sticky' ? (on ? 'stickyOn' : 'stickyOff') : on ? 'recommendOn' : 'recommendOff';
      toast.success(t(`moderation.${key}`));
      void revalidator.revalidate();
    });

  return (
    <ItemActions
      kind="topic"
      item={topic}
      user={user}
      runner={runner}
      deleteText={{ title: t('moderation.deleteTitle'), body: t('moderation.deleteBody'), done: t('moderation.deleted') }}
      afterDelete="/"
      moderatorItems={
        <>
          <DropdownItem onSelect={() => setFlag('recommend', !flags.recommend)}>
            <SparkIcon />
            {flags.recommend ? t('moderation.unrecommend') : t('moderation.recommend')}
          </DropdownItem>
          <DropdownItem onSelect={() => setFlag('sticky', !flags.sticky)}>
            <PinIcon />
            {flags.sticky ? t('moderation.unsticky') : t('moderation.sticky')}
          </DropdownItem>
        </>
      }
    />
  );
}
