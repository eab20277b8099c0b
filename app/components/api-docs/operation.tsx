/**
 * One operation of the API reference page, folded: its method, path and summary show; opened,
 * who may call it, its rate limit, whether it writes, its parameters and body, its answer and
 * its refusals. An entry's body is drawn the first time it opens: drawn for all 150 entries and
 * views, the page was 1.5 MB of HTML and 14,700 elements, slow on a phone for a list read one
 * entry at a time. Without JavaScript the list still shows every route, and the OpenAPI document
 * (linked at the top) holds the rest.
 */
import { useCallback, useState, type ReactNode, type SyntheticEvent } from 'react';
import type { OperationView } from '../../../common/views/api-reference';
import { Svg } from '~/components/ui/icons';
import { useT } from '~/lib/use-t';
import { CODE, FieldList, Phrase, TypeName } from './field-list';

const METHOD_STYLE: Record<OperationView['method'], string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  POST: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

export function MethodBadge({ method }: { method: OperationView['method'] }) {
  return <span className={`inline-block w-12 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_STYLE[method]}`}>{method}</span>;
}

/** Points right while folded, down once open (the entry's <details> is the `group`). */
export function FoldMark() {
  return (
    <Svg className="size-4 shrink-0 self-center text-zinc-500 transition-transform group-open:rotate-90 dark:text-zinc-400">
      <path d="m9 6 6 6-6 6" />
    </Svg>
  );
}

/**
 * For a `<details>` whose body is drawn once it is first opened (by a click, the keyboard, or a
 * link to it setting `open`): the toggle event tells, and the body stays drawn after.
 */
export function useDrawnWhenOpened(): { drawn: boolean; onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => void } {
  const [drawn, setDrawn] = useState(false);
  const onToggle = useCallback((event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setDrawn(true);
  }, []);
  return { drawn, onToggle };
}

/** The id of an operation's entry (`#op-comment.create`). */
export function operationAnchor(name: string): string {
  return `op-${name}`;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
      <p className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{title}</p>
      <div className="mt-1.5 text-sm text-zinc-800 dark:text-zinc-200">{children}</div>
    </div>
  );
}

function Who({ who }: { who: OperationView['who'] }) {
  const t = useT();
  const code = (text: string) => <code className={CODE}>{text}</code>;
  const lines: Array<{ key: string; line: ReactNode }> = [{ key: 'gate', line: t(`apiDocs.gate.${who.gate}`) }];
  if (who.verifiedEmail === 'whenTheSiteAsks') lines.push({ key: 'verified', line: t('apiDocs.verifiedWhenAsked') });
  if (who.can) lines.push({ key: 'can', line: <Phrase text={t('apiDocs.rule')} parts={{ rule: code(who.can) }} /> });
  if (who.itemRule) lines.push({ key: 'item', line: <Phrase text={t('apiDocs.itemRule')} parts={{ rule: code(who.itemRule) }} /> });
  if (who.bannedMay && who.gate !== 'anyone') lines.push({ key: 'banned', line: t('apiDocs.bannedMay', { reason: who.bannedMay }) });
  return (
    <ul className="space-y-0.5">
      {lines.map(({ key, line }) => (
        <li key={key}>{line}</li>
      ))}
    </ul>
  );
}

function Limit({ limit }: { limit: OperationView['limit'] }) {
  const t = useT();
  if ('none' in limit) return <p>{limit.none ? t('apiDocs.limit.noneBecause', { reason: limit.none }) : t('apiDocs.limit.none')}</p>;
  return (
    <ul className="space-y-0.5">
      {limit.rules.map((rule) => (
        <li key={rule.name}>
          <code className={CODE}>{rule.name}</code> {t(`apiDocs.limit.key.${rule.key}`)}
        </li>
      ))}
      <li>{t(`apiDocs.limit.${limit.stage}`)}</li>
      {limit.staffExempt && <li>{t('apiDocs.limit.staffExempt')}</li>}
      {limit.refundOn.length > 0 && <li>{t('apiDocs.limit.refundOn', { statuses: limit.refundOn.join(', ') })}</li>}
    </ul>
  );
}

function Answer({ answer }: { answer: OperationView['answer'] }) {
  const t = useT();
  if (answer.media || !answer.shape) return <p>{t('apiDocs.operation.mediaAnswer', { media: answer.media ?? '' })}</p>;
  const { shape } = answer;
  return (
    <>
      <p>
        <Phrase text={t('apiDocs.operation.envelopeAnswer')} parts={{ data: <code className={CODE}>data</code>, type: <TypeName type={shape.type} refName={shape.ref} /> }} />
      </p>
      {shape.fields.length > 0 && <FieldList fields={shape.fields} />}
    </>
  );
}

function Refusals({ errors, names }: { errors: OperationView['errors']; names: ReadonlyMap<number, string> }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {errors.map(({ status, codes }) => (
        <li key={status} className="grid grid-cols-[2.5rem_1fr] gap-x-2">
          <code className={`${CODE} font-semibold`}>{status}</code>
          <ul>
            {codes.map((code) => (
              <li key={code}>
                <code className={CODE}>{`${t('apiDocs.errors.code')} ${code}`}</code> {t(`apiDocs.errors.names.${names.get(code) ?? 'Other'}`)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function OperationBody({ operation, codeNames }: { operation: OperationView; codeNames: ReadonlyMap<number, string> }) {
  const t = useT();
  const { parameters, body } = operation;
  return (
    <>
      <div className="grid sm:grid-cols-2">
        <Part title={t('apiDocs.operation.name')}>
          <code className={CODE}>{operation.name}</code>
        </Part>
        <Part title={t('apiDocs.operation.effect')}>{t(operation.writes ? 'apiDocs.operation.writes' : 'apiDocs.operation.reads')}</Part>
        <Part title={t('apiDocs.operation.who')}>
          <Who who={operation.who} />
        </Part>
        <Part title={t('apiDocs.operation.limit')}>
          <Limit limit={operation.limit} />
        </Part>
      </div>
      {parameters.length > 0 && (
        <Part title={t('apiDocs.operation.parameters')}>
          <FieldList fields={parameters.map((parameter) => parameter.field)} badges={parameters.map((parameter) => t(`apiDocs.in.${parameter.in}`))} />
        </Part>
      )}
      {body && (
        <Part title={t('apiDocs.operation.body')}>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('apiDocs.operation.sentAs', { types: body.mediaTypes.join(', ') })}</p>
          <FieldList fields={body.shape.fields} />
        </Part>
      )}
      <Part title={t('apiDocs.operation.answer')}>
        <Answer answer={operation.answer} />
      </Part>
      {operation.errors.length > 0 && (
        <Part title={t('apiDocs.operation.errors')}>
          <Refusals errors={operation.errors} names={codeNames} />
        </Part>
      )}
    </>
  );
}

export function Operation({ operation, codeNames }: { operation: OperationView; codeNames: ReadonlyMap<number, string> }) {
  const { drawn, onToggle } = useDrawnWhenOpened();
  return (
    <details id={operationAnchor(operation.name)} data-operation={operation.name} onToggle={onToggle} className="group scroll-mt-20 rounded-lg border border-zinc-200 bg-white open:shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="flex cursor-pointer list-none flex-col gap-1 rounded-lg px-4 py-3 hover:bg-zinc-50 sm:flex-row sm:items-baseline sm:gap-3 dark:hover:bg-zinc-800/60 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 items-baseline gap-2">
          <FoldMark />
          <MethodBadge method={operation.method} />
          <code className={`${CODE} font-semibold`}>{operation.path}</code>
        </span>
        <span className="min-w-0 text-sm text-zinc-700 sm:ml-auto sm:text-right dark:text-zinc-300">{operation.summary}</span>
      </summary>
      {drawn && <OperationBody operation={operation} codeNames={codeNames} />}
    </details>
  );
}
