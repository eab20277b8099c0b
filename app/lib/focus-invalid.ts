/**
 * After a refused submit, the first invalid field (in the form's order) gets the focus.
 *
 * Found by name among the form's controls, which exist before React renders the messages, and
 * focused at once. Waiting for `aria-invalid` to appear raced React: on a slow machine the frame
 * came before the render, nothing matched, and the focus stayed on the submit button (an
 * admin-words journey failed on that). A field whose control has no name (a custom widget) is
 * still found by its `aria-invalid` after the next frame.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, fields: readonly string[]): void {
  if (!form) return;
  const names = new Set(fields);
  for (const control of Array.from(form.elements)) {
    const name = control.getAttribute('name');
    // A hidden or disabled control cannot take the focus: the next one, or the fallback, does.
    if (name !== null && names.has(name) && control instanceof HTMLElement && control.matches(':not([type="hidden"]):not(:disabled)')) {
      control.focus();
      return;
    }
  }
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
