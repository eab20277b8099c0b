/**
 * The border and colours of a radio choice drawn as a card (the report's reasons, the trust
 * level dialog): the chosen one in the brand colour, the others quiet with a hover. Each dialog
 * keeps its own layout (padding, alignment) beside these.
 */
export function choiceCardClass(chosen: boolean): string {
  return `flex cursor-pointer rounded-lg border text-sm transition-colors ${
    chosen
      ? 'border-brand-500 bg-brand-50 text-zinc-900 dark:border-brand-400 dark:bg-brand-950/40 dark:text-zinc-100'
      : 'border-zinc-200 text-zinc-800 hover:border-zinc-300 dark:border-zinc-700 dark:text-zinc-200 dark:hover:border-zinc-600'
  }`;
}
