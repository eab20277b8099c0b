/**
 * The content table's row menu: delete, restore (a deleted post), recommend or not, pin or not
 * (published topics), or a pending post's or comment's way to its review queue tab. Each asks
 * for confirmation; delete, recommend and pin use the kinds' own moderator routes (the author's
 * message and the audit row come with them), restore the back office's.
 */
import { useRevalidator } from 'react-router';
import { articleActions } from '../../../common/actions/articles';
import { commentActions } from '../../../common/actions/comments';
import { reviewActions } from '../../../common/actions/review';
import { topicActions } from '../../../common/actions/topics';
import type { ContentRowView } from '../../../common/views/review';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { buttonClass } from '../ui/button';
import { useConfirm } from '../ui/confirm';
import { Dropdown, DropdownItem, DropdownLink } from '../ui/dropdown';

type Action = 'delete' | 'restore' | 'recommend' | 'unrecommend' | 'sticky' | 'unsticky';

/** What may be done to the row, by its kind and status (the server refuses anything else too). */
export function actionsFor(row: ContentRowView): Action[] {
  if (row.status === 'deleted') return row.kind === 'comment' ? [] : ['restore'];
  // A held comment is decided in the review queue (the menu links there; comment/delete takes published ones only).
  if (row.status === 'pending' && row.kind === 'comment') return [];
  const actions: Action[] = [];
  if (row.status === 'published' && row.kind !== 'comment') {
    actions.push(row.recommend ? 'unrecommend' : 'recommend');
    if (row.kind === 'topic') actions.push(row.sticky ? 'unsticky' : 'sticky');
  }
  actions.push('delete');
  return actions;
}

/** A post kind's own moderator actions (delete, recommend; sticky is the topics' alone). */
const POST_KIND_ACTIONS = {
  topic: { delete: (id: number) => send(topicActions.delete, { id }), recommend: (id: number, recommend: boolean) => send(topicActions.recommend, { id, recommend }) },
  article: { delete: (id: number) => send(articleActions.delete, { id }), recommend: (id: number, recommend: boolean) => send(articleActions.recommend, { id, recommend }) },
} as const;

/** The call an action makes. */
function request(row: ContentRowView, action: Action): Promise<unknown> {
  switch (action) {
    case 'delete':
      return row.kind === 'comment' ? send(commentActions.delete, { id: row.id }) : POST_KIND_ACTIONS[row.kind].delete(row.id);
    case 'restore':
      // The table offers restore for deleted posts only (actionsFor): never a comment.
      return row.kind === 'comment' ? Promise.resolve(null) : send(reviewActions.restore, { kind: row.kind, id: row.id });
    case 'recommend':
    case 'unrecommend':
      return row.kind === 'comment' ? Promise.resolve(null) : POST_KIND_ACTIONS[row.kind].recommend(row.id, action === 'recommend');
    case 'sticky':
    case 'unsticky':
      return send(topicActions.sticky, { id: row.id, sticky: action === 'sticky' });
  }
}

export function ContentActions({ row, label }: { row: ContentRowView; label: string }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [confirm, confirmDialog] = useConfirm();
  const actions = actionsFor(row);

  async function run(action: Action) {
    const ok = await confirm({
      title: t(`adminContent.confirm.${action}.title`, { title: label }),
      description: t(`adminContent.confirm.${action}.description`),
      confirmLabel: t(`adminContent.actions.${action}`),
      danger: action === 'delete',
    });
    if (!ok) return;
    try {
      await request(row, action);
      toast.success(t(`adminContent.done.${action}`));
    } catch (error) {
      handleApiError(error);
    }
    void revalidator.revalidate();
  }

  if (actions.length === 0 && row.status !== 'pending') return null;
  return (
    <>
      <Dropdown
        label={label}
        trigger={
          <button type="button" className={buttonClass('secondary', 'sm')} aria-label={t('adminContent.actions.menu', { title: label })} data-testid="content-actions">
            {t('adminContent.columns.actions')}
          </button>
        }
      >
        {row.status === 'pending' && <DropdownLink to={`${paths.adminReview}${row.kind === 'topic' ? '' : `?kind=${row.kind}`}`}>{t('adminContent.actions.review')}</DropdownLink>}
        {actions.map((action) => (
          <DropdownItem key={action} danger={action === 'delete'} onSelect={() => void run(action)}>
            {t(`adminContent.actions.${action}`)}
          </DropdownItem>
        ))}
      </Dropdown>
      {confirmDialog}
    </>
  );
}
