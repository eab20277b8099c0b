/** The viewer's parts (issue 32): one read, for anyone (nobody gets nobody's parts), never cached by anyone. */
import { viewerActions } from '../../../common/actions/viewer';
import { viewerPartsSchema } from '../../../common/views/viewer';
import { readAction, who } from '../../kernel/actions';
import { viewerParts } from './viewer.usecases';

export const viewerActionList = [
  readAction(viewerActions.parts, {
    who: who.anyone(),
    personal: true,
    answer: viewerPartsSchema,
    run: viewerParts,
  }),
];
