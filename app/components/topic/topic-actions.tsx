/**
 * The topic page's buttons: the shared action bar (../content/item-actions.tsx: like, favorite,
 * edit, delete, the moderators' menu with the comment rules) with the topic's own moderator
 * entries, recommend and sticky. A flag changes the page at once; the loaders then re-run so
 * every count is fresh.
 */
import { ItemActions, useActionRunner, useFlagSetter, useSeededState, type ModeratorEntry } from '~/components/content/item-actions';
import type { SessionUser } from '~/lib/session';
import { PinIcon, SparkIcon } from './icons';
import type { TopicView } from './types';
import { useT } from '~/lib/use-t';

type Flags = { sticky: boolean; recommend: boolean };

const flagsOf = (topic: TopicView): Flags => ({ sticky: topic.sticky, recommend: topic.recommend });

export function TopicActions({ topic, user, onStateChange }: { topic: TopicView; user: SessionUser | null; onStateChange?: (flags: Flags) => void }) {
  const t = useT();
  const runner = useActionRunner();
  const [flags, setFlags] = useSeededState(topic, flagsOf);
  const setFlag = useFlagSetter<TopicView>('topic', topic.id, runner, (answer) => {
    setFlags(flagsOf(answer));
    onStateChange?.(flagsOf(answer));
  });
  const moderatorEntries: ModeratorEntry[] = [
    { key: 'recommend', icon: <SparkIcon />, label: flags.recommend ? t('moderation.unrecommend') : t('moderation.recommend'), onSelect: () => void setFlag('recommend', !flags.recommend) },
    { key: 'sticky', icon: <PinIcon />, label: flags.sticky ? t('moderation.unsticky') : t('moderation.sticky'), onSelect: () => void setFlag('sticky', !flags.sticky) },
  ];
  return <ItemActions kind="topic" item={topic} user={user} runner={runner} moderatorEntries={moderatorEntries} />;
}
