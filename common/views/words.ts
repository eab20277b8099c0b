/** A forbidden word as the back office shows it (`GET admin/words`). */
import type { WordAction, WordKind } from '../validation/words';

export interface WordView {
  id: number;
  /** The word (width- and case-folded) or the regular expression's source. */
  pattern: string;
  kind: WordKind;
  action: WordAction;
  createTime: number;
  updateTime: number;
}
