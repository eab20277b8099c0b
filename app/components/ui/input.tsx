/**
 * Inputs and the labelled field around them. `<Field label error hint required>` wires the label
 * to the control and the error/hint text to `aria-describedby`, marks the control `aria-invalid`
 * when there is an error — so screen readers announce the message under the field — and
 * `aria-required` when required.
 *
 *   <Field label={t('account.signin.password')} required error={errors.password}>
 *     {(props) => <Input type="password" name="password" {...props} />}
 *   </Field>
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400';
const CONTROL_OK = 'border-zinc-300 dark:border-zinc-700';
const CONTROL_ERROR = 'border-red-600 dark:border-red-500';

export function controlClass(invalid: boolean, extra = ''): string {
  return `${CONTROL} ${invalid ? CONTROL_ERROR : CONTROL_OK} ${extra}`;
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className = '', ...rest }, ref) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return <input ref={ref} className={controlClass(invalid, `h-10 ${className}`)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className = '', ...rest }, ref) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return <textarea ref={ref} className={controlClass(invalid, `py-2 ${className}`)} {...rest} />;
});

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  /** The visible asterisk is aria-hidden; this is what screen readers announce. */
  'aria-required': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The error message under the field (translated); none when valid. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Render prop receiving the id and aria attributes to spread on the control. */
  children: (props: FieldControlProps) => ReactNode;
}

export function Field({ label, error, hint, required, className = '', children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {required && (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
