/**
 * The content feature's actions (ADR 0021): who may call each, its limit, its answer and the use
 * case it runs. The route is made from this; nothing else decides.
 */
import { contentActions } from '../../../common/actions/content';
import { contentPreviewSchema } from '../../../common/views/content';
import { limit, readAction, who } from '../../kernel/actions';
import type { RateRule } from '../../infra/rate-limiter';
import { previewContent } from './content.usecases';

/** Markdown preview is asked for as the author types (debounced): generous, but bounded per user. */
export const PREVIEW_RATE: RateRule = { name: 'preview:user', max: 120, windowMs: 60_000 };

export const contentActionList = [
  // A read sent as a POST (the source is too long for a query): it writes nothing.
  readAction(contentActions.preview, {
    who: who.member('renders a preview, writes nothing'),
    // Spent before the input is read: a flood of malformed bodies counts as much as good ones.
    limit: limit.perUser(PREVIEW_RATE, { stage: 'beforeInput' }),
    answer: contentPreviewSchema,
    run: previewContent,
  }),
];
