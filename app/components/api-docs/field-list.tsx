/**
 * A readable nested field list (the API reference page): each field's name, type, whether it is
 * required and its constraints, the fields of an object described in place, a named view linked
 * to its description further down. Stacked rather than tabled, so it reads on a phone.
 */
import { Fragment, type ReactNode } from 'react';
import type { FieldConstraint, FieldView } from '../../../common/views/api-reference';
import { useT } from '~/lib/use-t';

export const CODE = 'font-mono text-[0.8125rem] wrap-anywhere text-zinc-800 dark:text-zinc-200';
const TYPE = 'font-mono text-[0.8125rem] wrap-anywhere text-brand-800 dark:text-brand-300';

/**
 * A translated sentence with elements in its placeholders (`{{header}}` → <code>X-User-Token</code>):
 * the translator leaves a placeholder it is given no value for as written, so the text is split there.
 */
export function Phrase({ text, parts }: { text: string; parts: Readonly<Record<string, ReactNode>> }) {
  const pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
  // Odd indexes are the placeholders' names.
  return <>{pieces.map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? piece}</Fragment> : piece))}</>;
}

/** The id of a named view's description (`#view-PublicUser`). */
export function viewAnchor(name: string): string {
  return `view-${name}`;
}

/** A type in code notation; a named view in it links to its description. */
export function TypeName({ type, refName }: { type: string; refName: string | null }) {
  if (!refName) return <code className={TYPE}>{type}</code>;
  const at = type.indexOf(refName);
  return (
    <code className={TYPE}>
      {type.slice(0, at)}
      <a href={`#${viewAnchor(refName)}`} className="underline decoration-dotted underline-offset-2 hover:decoration-solid">
        {refName}
      </a>
      {type.slice(at + refName.length)}
    </code>
  );
}

function Constraint({ constraint }: { constraint: FieldConstraint }) {
  const t = useT();
  return <li className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs break-all text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{t(`apiDocs.constraint.${constraint.kind}`, { value: constraint.value })}</li>;
}

function Field({ field, badge }: { field: FieldView; badge?: string }) {
  const t = useT();
  return (
    <li className="py-2" data-field={field.name}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className={`${CODE} font-semibold`}>{field.name}</code>
        <TypeName type={field.type} refName={field.ref} />
        {badge && <span className="text-xs text-zinc-600 dark:text-zinc-400">{badge}</span>}
        <span className={field.required ? 'text-xs font-medium text-amber-800 dark:text-amber-300' : 'text-xs text-zinc-600 dark:text-zinc-400'}>
          {t(field.required ? 'apiDocs.field.required' : 'apiDocs.field.optional')}
        </span>
      </div>
      {field.constraints.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {field.constraints.map((constraint) => (
            <Constraint key={`${constraint.kind}:${constraint.value}`} constraint={constraint} />
          ))}
        </ul>
      )}
      {field.description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{field.description}</p>}
      {field.fields.length > 0 && <FieldList fields={field.fields} nested />}
    </li>
  );
}

/** Fields, one per row; `badges` adds a word beside a field's type (a parameter's `path`/`query`). */
export function FieldList({ fields, nested = false, badges }: { fields: readonly FieldView[]; nested?: boolean; badges?: readonly string[] }) {
  const t = useT();
  if (fields.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('apiDocs.operation.noFields')}</p>;
  return (
    <ul className={`divide-y divide-zinc-100 dark:divide-zinc-800 ${nested ? 'mt-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700' : ''}`}>
      {fields.map((field, index) => (
        <Field key={field.name} field={field} badge={badges?.[index]} />
      ))}
    </ul>
  );
}
