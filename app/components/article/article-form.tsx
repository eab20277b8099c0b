/**
 * Create and edit an article (spec §2, §4, §5): cover (cropped to 16:9 in the browser), title,
 * optional summary, rich text or Markdown (the editor and its switch rules), tags. Built from the
 * editor pieces topics use (../content/form-parts.tsx, use-item-submit.ts): refused while the
 * cover or an editor image uploads, the article wording of the e-mail gate, the server's field
 * messages next to their fields; and a warning before unsaved changes are left behind.
 */
import { useCallback, useState } from 'react';
import { ARTICLE_LIMITS, TOPIC_LIMITS } from '../../../common/constants';
import { articleActions } from '../../../common/actions/articles';
import { articleCreateSchema } from '../../../common/validation/article';
import type { ContentType } from '~/editor';
import { hasContent } from '~/components/comment/types';
import { ContentField, FormFooter, FormSection, TagsField, TextField, VerifyEmailNotice } from '~/components/content/form-parts';
import { useItemSubmit } from '~/components/content/use-item-submit';
import { useLeaveGuard } from '~/components/content/use-leave-guard';
import { Card } from '~/components/ui/card';
import { useFieldMessage, validateForm, type FieldErrors } from '~/lib/form-errors';
import { send } from '~/lib/api';
import { useT } from '~/lib/use-t';
import { CoverPicker } from './cover-picker';
import { articlePath, type ArticleCover, type ArticleEditView } from './types';

interface Values {
  title: string;
  summary: string;
  content: string;
  contentType: ContentType;
  tags: string[];
  cover: ArticleCover | null;
}

function initialValues(initial: ArticleEditView | undefined): Values {
  if (!initial) return { title: '', summary: '', content: '', contentType: 'html', tags: [], cover: null };
  const { title, summary, content, tags, cover } = initial;
  return { title, summary, content, contentType: initial.contentType === 'markdown' ? 'markdown' : 'html', tags, cover };
}

/** A field's hint with its length against the limit (code units, as the schema counts them). */
function Counted({ hint, length, max }: { hint?: string; length: number; max: number }) {
  const t = useT();
  return (
    <span className="flex justify-between gap-3">
      <span>{hint}</span>
      <span className={`shrink-0 tabular-nums ${length > max ? 'text-red-700 dark:text-red-400' : ''}`}>{t('articleEdit.counter', { count: length, max })}</span>
    </span>
  );
}

/** A field's caption marked optional. */
function OptionalLabel({ children }: { children: string }) {
  const t = useT();
  return (
    <>
      {children} <span className="font-normal text-zinc-500 dark:text-zinc-400">{t('articleEdit.optional')}</span>
    </>
  );
}

export interface ArticleFormProps {
  /** Edit: the raw fields from GET article/edit/{id}. */
  initial?: ArticleEditView;
  /** Show the verify-your-e-mail notice before anything is typed. */
  needsVerifiedEmail: boolean;
}

export function ArticleForm({ initial, needsVerifiedEmail }: ArticleFormProps) {
  const t = useT();
  const message = useFieldMessage();
  const [values, setValues] = useState<Values>(() => initialValues(initial));
  const [dirty, setDirty] = useState(false);
  const [uploads, setUploads] = useState({ editor: false, cover: false });
  const uploading = uploads.editor || uploads.cover;
  const onEditorUploading = useCallback((busy: boolean) => setUploads((u) => (u.editor === busy ? u : { ...u, editor: busy })), []);
  const onCoverUploading = useCallback((busy: boolean) => setUploads((u) => (u.cover === busy ? u : { ...u, cover: busy })), []);
  const leave = useLeaveGuard(dirty, { title: t('articleEdit.leave.title'), body: t('articleEdit.leave.body'), stay: t('articleEdit.leave.stay'), leave: t('articleEdit.leave.confirm') });

  const body = () => ({ ...values, cover: values.cover?.url ?? null });

  function localErrors(): FieldErrors {
    const parsed = validateForm(articleCreateSchema, body());
    const found: FieldErrors = parsed.ok ? {} : parsed.errors;
    if (!hasContent(values.content, values.contentType)) found.content ??= { key: 'article.validation.contentRequired' };
    return found;
  }

  /** POST article/create, or article/edit/{id}. */
  function save() {
    return initial ? send(articleActions.edit, { ...body(), id: initial.id }) : send(articleActions.create, body());
  }

  const { submit, submitting, errors, clearError, verifyNeeded } = useItemSubmit({
    kind: 'article',
    editingId: initial?.id,
    save,
    uploading,
    check: localErrors,
    needsVerifiedEmail,
    beforeLeave: leave.allowLeave,
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty(true);
    clearError(key);
  };

  /** A text field's name, value, setter and message. */
  const textOf = (key: 'title' | 'summary') => ({ name: key, value: values[key], onChange: (value: string) => set(key, value), error: message(errors[key]) });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="article-form">
      {verifyNeeded && <VerifyEmailNotice message={t('article.errors.verifyEmail')} />}
      <Card className="space-y-6 p-5 sm:p-6">
        <FormSection label={t('articleEdit.cover.label')} labelId="cover-label" error={message(errors.cover)} hint={t('articleEdit.cover.hint')}>
          <CoverPicker value={values.cover} onChange={(cover) => set('cover', cover)} onUploadingChange={onCoverUploading} disabled={submitting} labelledBy="cover-label" />
        </FormSection>
        <TextField
          {...textOf('title')}
          label={t('articleEdit.title')}
          maxLength={ARTICLE_LIMITS.titleMax}
          placeholder={t('articleEdit.titlePlaceholder')}
          hint={<Counted length={values.title.length} max={ARTICLE_LIMITS.titleMax} />}
          required
          className="h-11 text-base font-medium"
          testId="title-input"
        />
        <TextField
          {...textOf('summary')}
          label={<OptionalLabel>{t('articleEdit.summary')}</OptionalLabel>}
          rows={3}
          maxLength={ARTICLE_LIMITS.summaryMax}
          placeholder={t('articleEdit.summaryPlaceholder')}
          hint={<Counted hint={t('articleEdit.summaryHint')} length={values.summary.length} max={ARTICLE_LIMITS.summaryMax} />}
          className="leading-6"
          testId="summary-input"
        />
        <ContentField
          label={t('articleEdit.content')}
          contentType={values.contentType}
          value={values.content}
          onChange={(content) => set('content', content)}
          onContentTypeChange={(next) => {
            // Switching clears the content (confirmed by the switch when there is any).
            setValues((v) => ({ ...v, contentType: next, content: '' }));
            setDirty(true);
          }}
          onUploadingChange={onEditorUploading}
          error={message(errors.content)}
          disabled={submitting}
        />
        <TagsField value={values.tags} onChange={(tags) => set('tags', tags)} error={message(errors.tags)} hint={t('articleEdit.tagsHint', { max: TOPIC_LIMITS.tagsMax })} disabled={submitting} />
        <FormFooter
          uploading={uploading}
          submitting={submitting}
          cancelTo={initial ? articlePath(initial.id) : '/articles'}
          submitLabel={initial ? t('articleEdit.save') : t('articleEdit.publish')}
          submitTestId="submit-article"
          formError={message(errors._)}
        />
      </Card>
      {leave.dialog}
    </form>
  );
}
