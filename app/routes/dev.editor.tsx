/**
 * `/dev/editor`: the editor on its own, for Playwright journeys and screenshots before the topic
 * and comment screens host it. Not part of the product: the loader answers 404 unless the server
 * was started with `SABAI_E2E=1` (the e2e harness sets it), so production never serves it.
 * Query: `?upload=data` uses the inline data-URL upload instead of POST /api/upload; `max=N`
 * sets a character limit, `images=N` an image count limit.
 */
import { useState } from 'react';
import { data, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ContentEditor, dataUrlUpload, LazyEditor, serverUpload, type ContentType } from '~/editor';
import type { MemberSectionsHandle } from '~/lib/i18n';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';

export function loader(_args: LoaderFunctionArgs) {
  // A test-only switch, read where it is used so no product code path depends on it.
  if (process.env.SABAI_E2E !== '1') throw data(null, { status: 404 });
  return null;
}

/** Anyone may open this test page: its editor texts come with the page (root.tsx). */
export const handle: MemberSectionsHandle = { memberSections: true };

export const meta: MetaFunction = () => [{ title: 'Editor playground' }, { name: 'robots', content: 'noindex' }];

export default function EditorPlayground() {
  const t = useT();
  const toast = useToast();
  const [params] = useSearchParams();
  const upload = params.get('upload') === 'data' ? dataUrlUpload : serverUpload;
  const [contentType, setContentType] = useState<ContentType>('html');
  const [content, setContent] = useState('');
  const [uploading, setUploading] = useState(false);
  const [comment, setComment] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-6">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (uploading) {
            toast.error(t('editor.alert.uploadingBlocked'));
            return;
          }
          setSubmitted(content);
        }}
      >
        <h1 className="text-xl font-semibold">Editor playground</h1>
        <ContentEditor
          contentType={contentType}
          onContentTypeChange={setContentType}
          value={content}
          onChange={setContent}
          upload={upload}
          onUploadingChange={setUploading}
          maxCharacters={params.get('max') ? Number(params.get('max')) : undefined}
          maxImages={params.get('images') ? Number(params.get('images')) : undefined}
        />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Submit
        </button>
        <output data-testid="uploading" className="ml-3 text-sm text-zinc-500">
          {uploading ? 'uploading' : 'idle'}
        </output>
      </form>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-zinc-500">HTML ({contentType})</h2>
        <pre data-testid="html-output" className="overflow-x-auto rounded-md bg-zinc-100 p-3 text-xs whitespace-pre-wrap dark:bg-zinc-900">
          {content}
        </pre>
        {submitted !== null && <p data-testid="submitted">{submitted.length}</p>}
      </section>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-zinc-500">Compact (comments)</h2>
        <LazyEditor compact value={comment} onChange={setComment} upload={upload} ariaLabel="Comment" />
        <pre data-testid="comment-output" className="overflow-x-auto rounded-md bg-zinc-100 p-3 text-xs whitespace-pre-wrap dark:bg-zinc-900">
          {comment}
        </pre>
      </section>
    </div>
  );
}
