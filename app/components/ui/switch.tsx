/**
 * An on/off switch: a native checkbox with the ARIA `switch` role, drawn as a track and thumb
 * (the grey off-track keeps 3:1 against the card in both modes: WCAG 1.4.11).
 * Native, so it needs no script to render, keeps the browser's keyboard (Space) and form
 * behaviour, and adds nothing to the bundle. The label comes from the caller (`aria-labelledby`
 * or a wrapping <label>).
 *
 *   <Switch checked={on} onCheckedChange={setOn} aria-labelledby={labelId} />
 */
import type { InputHTMLAttributes } from 'react';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'onChange' | 'checked'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ checked, onCheckedChange, className = '', ...rest }: SwitchProps) {
  return (
    <input
      type="checkbox"
      role="switch"
      checked={checked}
      onChange={(event) => onCheckedChange(event.target.checked)}
      className={`relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-500 transition-colors duration-150 outline-none before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:duration-150 before:content-[''] checked:bg-brand-700 checked:before:translate-x-5 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:checked:bg-brand-500 dark:focus-visible:ring-offset-zinc-900 ${className}`}
      {...rest}
    />
  );
}
