/**
 * The moderators' menu of an item's action bar (./item-actions.tsx): the kind's own entries
 * (recommend, sticky), the comment rules (lock, slow mode and its dialog) and delete. Its own
 * chunk, loaded only for a moderator (the bar's gate): Radix's dropdown and dialog, the comment
 * rules' contracts and zod are no part of what a reader's first visit downloads (issue 32).
 */
import { Dropdown, DropdownItem, DropdownSeparator } from '~/components/ui/dropdown';
import { useCommentRulesMenu } from '~/components/safety/comment-rules-menu';
import { TrashIcon } from '~/components/topic/icons';
import { useT } from '~/lib/use-t';
import type { CommentEntityType } from '~/components/comment/types';
import type { ModeratorEntry } from './item-actions';
import { ModeratorMenuFace } from './moderator-menu-face';

export interface ModeratorMenuProps {
  kind: CommentEntityType;
  item: { id: number; commentsLocked: boolean; slowModeSeconds: number };
  entries: readonly ModeratorEntry[];
  /** Undefined on a deleted item (nothing left to delete). */
  onDelete?: () => void;
  busy: boolean;
  /** Open at once: the stand-in was clicked while this chunk was on its way. */
  defaultOpen?: boolean;
}

export default function ModeratorMenu({ kind, item, entries, onDelete, busy, defaultOpen = false }: ModeratorMenuProps) {
  const t = useT();
  const commentRules = useCommentRulesMenu(kind, item);
  return (
    <>
      <Dropdown label={t('moderation.menu')} defaultOpen={defaultOpen} trigger={<ModeratorMenuFace busy={busy} />}>
        {entries.map((entry) => (
          <DropdownItem key={entry.key} onSelect={entry.onSelect}>
            {entry.icon}
            {entry.label}
          </DropdownItem>
        ))}
        {commentRules.items}
        {onDelete && (
          <>
            <DropdownSeparator />
            <DropdownItem danger onSelect={onDelete}>
              <TrashIcon />
              {t('moderation.delete')}
            </DropdownItem>
          </>
        )}
      </Dropdown>
      {commentRules.dialog}
    </>
  );
}
