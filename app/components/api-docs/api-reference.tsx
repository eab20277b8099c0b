/**
 * The API reference (`/developers/api`): the OpenAPI document made readable — how calls work,
 * the operations grouped by feature (folded, a filter to find one), the shared views once, and
 * the errorCode table. Summaries, names and types are the API's own (English, as most API
 * references keep them); every label around them is translated.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ApiReferenceView, OperationView } from '../../../common/views/api-reference';
import { Card } from '~/components/ui/card';
import type { TFunction } from '~/lib/i18n';
import { useT } from '~/lib/use-t';
import { CODE, FieldList, Phrase, TypeName, viewAnchor } from './field-list';
import { FoldMark, Operation, useDrawnWhenOpened } from './operation';

/** A feature's heading: its translated name, else the tag itself (a feature added since). */
function featureLabel(t: TFunction, name: string): string {
  const key = `apiDocs.features.${name}`;
  const label = t(key);
  return label === key ? name : label;
}

function featureAnchor(name: string): string {
  return `feature-${name}`;
}

function matches(operation: OperationView, query: string): boolean {
  const words = query.toLowerCase();
  return [operation.name, operation.path, operation.summary].some((text) => text.toLowerCase().includes(words));
}

/**
 * Opens the folded entry a link or the address points at (`#op-comment.create`, `#view-PublicUser`):
 * a closed <details> would be scrolled to but stay shut.
 */
function useOpenLinkedEntries(): void {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      for (let node: HTMLElement | null = target; node; node = node.parentElement) if (node instanceof HTMLDetailsElement) node.open = true;
      target.scrollIntoView({ block: 'start' });
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}

const H2 = 'text-lg font-semibold text-zinc-900 dark:text-zinc-50';
const LINK = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

function Facts({ reference }: { reference: ApiReferenceView }) {
  const t = useT();
  const rows = [
    { label: t('apiDocs.facts.server'), value: <code className={CODE}>{reference.server}</code> },
    { label: t('apiDocs.facts.version'), value: <code className={CODE}>{reference.version}</code> },
    {
      label: t('apiDocs.facts.document'),
      value: (
        <a href={reference.documentPath} className={LINK} data-testid="openapi-document-link">
          {t('apiDocs.facts.download')} <code className="font-mono text-[0.8125rem]">{reference.documentPath}</code>
        </a>
      ),
    },
  ];
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">{row.label}</dt>
          <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Conventions() {
  const t = useT();
  const code = (text: string) => <code className={CODE}>{text}</code>;
  return (
    <section aria-labelledby="api-conventions" className="mt-8">
      <h2 id="api-conventions" className={H2}>
        {t('apiDocs.conventions.title')}
      </h2>
      <Card className="mt-3 p-4 sm:p-5">
        <ul className="list-disc space-y-2 pl-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          <li>
            <Phrase text={t('apiDocs.conventions.envelope')} parts={{ success: code('{success: true, data}'), failure: code('{success: false, errorCode, message, fields?}') }} />
          </li>
          <li>
            <Phrase text={t('apiDocs.conventions.auth')} parts={{ header: code('X-User-Token'), cookie: code('sabai_token') }} />
          </li>
          <li>{t('apiDocs.conventions.bodies')}</li>
          <li>{t('apiDocs.conventions.language')}</li>
        </ul>
      </Card>
    </section>
  );
}

function Contents({ features }: { features: ApiReferenceView['features'] }) {
  const t = useT();
  return (
    <nav aria-labelledby="api-contents" className="mt-8">
      <h2 id="api-contents" className={H2}>
        {t('apiDocs.contents')}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {features.map((feature) => (
          <li key={feature.name}>
            <a href={`#${featureAnchor(feature.name)}`} className="inline-flex items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-800 hover:border-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
              {featureLabel(t, feature.name)}
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{feature.operations.length}</span>
            </a>
          </li>
        ))}
        <li>
          <a href="#api-views" className="inline-flex rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-800 hover:border-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
            {t('apiDocs.schemas.title')}
          </a>
        </li>
        <li>
          <a href="#api-errors" className="inline-flex rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-800 hover:border-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
            {t('apiDocs.errors.title')}
          </a>
        </li>
      </ul>
    </nav>
  );
}

function Operations({ features, codeNames }: { features: ApiReferenceView['features']; codeNames: ReadonlyMap<number, string> }) {
  const t = useT();
  const filterId = useId();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const shown = useMemo(
    () => features.map((feature) => ({ ...feature, operations: trimmed ? feature.operations.filter((operation) => matches(operation, trimmed)) : feature.operations })).filter((feature) => feature.operations.length > 0),
    [features, trimmed],
  );
  const count = shown.reduce((sum, feature) => sum + feature.operations.length, 0);
  return (
    <div className="mt-8">
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={filterId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('apiDocs.filter.label')}
        </label>
        <input
          id={filterId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('apiDocs.filter.placeholder')}
          data-testid="api-filter"
          className="h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-brand-600 focus:outline-none sm:max-w-xs dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        <p className="text-sm text-zinc-600 sm:ml-auto dark:text-zinc-400" aria-live="polite">
          {t('apiDocs.filter.count', { count })}
        </p>
      </div>
      {shown.length === 0 && <p className="mt-6 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t('apiDocs.filter.none', { query: trimmed })}</p>}
      {shown.map((feature) => (
        <section key={feature.name} id={featureAnchor(feature.name)} aria-labelledby={`${featureAnchor(feature.name)}-title`} className="mt-8 scroll-mt-20">
          <h2 id={`${featureAnchor(feature.name)}-title`} className={`${H2} flex flex-wrap items-baseline gap-x-2`}>
            {featureLabel(t, feature.name)}
            <code className="font-mono text-sm font-normal text-zinc-600 dark:text-zinc-400">{feature.name}</code>
          </h2>
          <div className="mt-3 space-y-2">
            {feature.operations.map((operation) => (
              <Operation key={operation.name} operation={operation} codeNames={codeNames} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** A view, folded; its fields are drawn when it first opens (operation.tsx says why). */
function View({ name, shape }: ApiReferenceView['schemas'][number]) {
  const { drawn, onToggle } = useDrawnWhenOpened();
  return (
    <details id={viewAnchor(name)} data-view={name} onToggle={onToggle} className="group scroll-mt-20 rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="flex cursor-pointer list-none items-baseline gap-2 rounded-lg px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/60 [&::-webkit-details-marker]:hidden">
        <FoldMark />
        <TypeName type={name} refName={null} />
      </summary>
      {drawn && (
        <div className="border-t border-zinc-100 px-4 py-2 dark:border-zinc-800">
          <FieldList fields={shape.fields} />
        </div>
      )}
    </details>
  );
}

function Views({ schemas }: { schemas: ApiReferenceView['schemas'] }) {
  const t = useT();
  return (
    <section id="api-views" aria-labelledby="api-views-title" className="mt-10 scroll-mt-20">
      <h2 id="api-views-title" className={H2}>
        {t('apiDocs.schemas.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('apiDocs.schemas.intro')}</p>
      <div className="mt-3 space-y-2">
        {schemas.map(({ name, shape }) => (
          <View key={name} name={name} shape={shape} />
        ))}
      </div>
    </section>
  );
}

function ErrorCodes({ errorCodes }: { errorCodes: ApiReferenceView['errorCodes'] }) {
  const t = useT();
  return (
    <section id="api-errors" aria-labelledby="api-errors-title" className="mt-10 scroll-mt-20">
      <h2 id="api-errors-title" className={H2}>
        {t('apiDocs.errors.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('apiDocs.errors.intro')}</p>
      <Card className="mt-3 overflow-hidden">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('apiDocs.errors.code')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('apiDocs.errors.meaning')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('apiDocs.errors.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {errorCodes.map((row) => (
              <tr key={row.code} data-error-code={row.code}>
                <td className="px-3 py-2 align-top">
                  <code className={`${CODE} font-semibold`}>{row.code}</code>
                </td>
                <td className="px-3 py-2 align-top text-zinc-800 dark:text-zinc-200">
                  {t(`apiDocs.errors.names.${row.name}`)} <code className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{row.name}</code>
                </td>
                <td className="px-3 py-2 align-top">
                  <code className={CODE}>{row.statuses.join(', ')}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}

export function ApiReference({ reference }: { reference: ApiReferenceView }) {
  const t = useT();
  useOpenLinkedEntries();
  const codeNames = useMemo(() => new Map(reference.errorCodes.map((row) => [row.code, row.name])), [reference.errorCodes]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="api-reference">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('apiDocs.title')}</h1>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-zinc-700 dark:text-zinc-300">{t('apiDocs.intro', { site: reference.title })}</p>
      <Facts reference={reference} />
      <Conventions />
      <Contents features={reference.features} />
      <Operations features={reference.features} codeNames={codeNames} />
      <Views schemas={reference.schemas} />
      <ErrorCodes errorCodes={reference.errorCodes} />
    </div>
  );
}
