/**
 * The content table's row menu: delete, restore (a deleted post), recommend or not, pin or not
 * (published topics), or a pending post's or comment's way to its review queue tab. Each asks
 * for confirmation; delete, recommend and pin use the kinds' own moderator routes (the author's
 * message and the audit row come with them), restore the back office's.
 */
import { useRevalidator } from 'react-router';
import { commentActions } from '../../../common/actions/comments';
import { reviewActions } from '../../../common/actions/review';
import type { ContentRowView } from '../../../common/views/review';
import { api, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { buttonClass } from '../ui/button';
import { useConfirm } from '../ui/dialog';
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

/**
 * A post kind's own moderator route (topic or article delete, recommend, sticky). Their contracts
 * are the topics' and articles' features' (converted on their own branches): these calls move to
 * `send(topicActions.…)` / `send(articleActions.…)` when those land.
 */
function postKindRoute(path: string, body: Record<string, unknown> = {}): Promise<unknown> {
  return api(path, { method: 'POST', body });
}

/** The call an action makes. */
function request(row: ContentRowView, action: Action): Promise<unknown> {
  switch (action) {
    case 'delete':
      return row.kind === 'comment' ? send(commentActions.delete, { id: row.id }) : postKindRoute(`/api/${row.kind}/delete/${row.id}`);
    case 'restore':
      // The table offers restore for deleted posts only (actionsFor): never a comment.
      return row.kind === 'comment' ? Promise.resolve(null) : send(reviewActions.restore, { kind: row.kind, id: row.id });
    case 'recommend':
    case 'unrecommend':
      return postKindRoute(`/api/${row.kind}/recommend/${row.id}`, { recommend: action === 'recommend' });
    case 'sticky':
    case 'unsticky':
      return postKindRoute(`/api/topic/sticky/${row.id}`, { sticky: action === 'sticky' });
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
