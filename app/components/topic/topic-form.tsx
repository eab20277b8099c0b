/**
 * Create and edit a topic (spec §2, §4, §5): post mode (node, title, tags, rich text or Markdown
 * with hidden content) and tweet mode (short text, up to 9 images, node, tags). Submit is refused while an
 * image uploads; an unverified e-mail is explained with a link to verify it; the server's field
 * messages appear under their fields.
 */
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { TOPIC_LIMITS, TOPIC_TYPES } from '../../../common/constants';
import { ErrorCode } from '../../../common/errors';
import { topicCreateSchema } from '../../../common/validation/topic';
import { ContentEditor, EditorSwitch, type ContentType } from '~/editor';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field, Input, Textarea, controlClass } from '~/components/ui/input';
import { api, ApiError } from '~/lib/api';
import { serverFieldErrors, useFieldMessage, validateForm, type FieldErrors } from '~/lib/form-errors';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { AlertIcon, LockIcon } from './icons';
import { ImagePicker } from './image-picker';
import { TagInput } from './tag-input';
import type { NodeView, TopicEditView, TopicImage, TopicView } from './types';
import { useT } from '~/lib/use-t';

export type TopicMode = 'post' | 'tweet';

export interface TopicFormProps {
  mode: TopicMode;
  nodes: NodeView[];
  /** Edit: the raw fields from GET topic/edit/{id}. */
  initial?: TopicEditView;
  /** Create: a node to start in (e.g. from a node page). */
  defaultNodeId?: number;
  /** Show the verify-your-e-mail notice before anything is typed. */
  needsVerifiedEmail: boolean;
}

interface Values {
  nodeId: number;
  title: string;
  content: string;
  contentType: ContentType;
  hideContent: string;
  tags: string[];
  imageList: TopicImage[];
}

function initialValues(props: TopicFormProps): Values {
  const { initial, nodes } = props;
  const fallbackNode = props.defaultNodeId && nodes.some((n) => n.id === props.defaultNodeId) ? props.defaultNodeId : (nodes[0]?.id ?? 0);
  if (!initial) return { nodeId: fallbackNode, title: '', content: '', contentType: 'html', hideContent: '', tags: [], imageList: [] };
  return {
    nodeId: initial.nodeId,
    title: initial.title,
    content: initial.content,
    contentType: initial.contentType === 'markdown' ? 'markdown' : 'html',
    hideContent: initial.hideContent,
    tags: initial.tags,
    imageList: initial.imageList,
  };
}

export function VerifyEmailNotice() {
  const t = useT();
  return (
    <div role="alert" className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100" data-testid="verify-email-notice">
      <AlertIcon className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">{t('topic.errors.verifyEmail')}</p>
      <Link to={paths.account} className="font-semibold underline underline-offset-2 hover:no-underline" data-testid="verify-email-link">
        {t('topicForm.goVerify')}
      </Link>
    </div>
  );
}

function Section({ label, htmlFor, error, hint, children, labelId }: { label: ReactNode; htmlFor?: string; labelId?: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
      ) : (
        <p id={labelId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </p>
      )}
      {children}
      {hint && !error && <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function TopicForm(props: TopicFormProps) {
  const { mode, nodes, initial, needsVerifiedEmail } = props;
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const handleApiError = useApiErrorHandler();
  const message = useFieldMessage();
  const [values, setValues] = useState<Values>(() => initialValues(props));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState({ editor: false, hidden: false, images: false });
  const [showHidden, setShowHidden] = useState(() => (initial?.hideContent ?? '') !== '');
  const [verifyNeeded, setVerifyNeeded] = useState(needsVerifiedEmail);
  const [submitting, setSubmitting] = useState(false);
  const tweet = mode === 'tweet';
  const uploading = uploads.editor || uploads.hidden || uploads.images;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };
  const onEditorUploading = useCallback((busy: boolean) => setUploads((u) => (u.editor === busy ? u : { ...u, editor: busy })), []);
  const onHiddenUploading = useCallback((busy: boolean) => setUploads((u) => (u.hidden === busy ? u : { ...u, hidden: busy })), []);
  const onImagesUploading = useCallback((busy: boolean) => setUploads((u) => (u.images === busy ? u : { ...u, images: busy })), []);

  function body() {
    return {
      type: tweet ? TOPIC_TYPES.tweet : TOPIC_TYPES.post,
      nodeId: values.nodeId || undefined,
      title: tweet ? '' : values.title,
      content: values.content,
      contentType: tweet ? 'text' : values.contentType,
      hideContent: showHidden ? values.hideContent : '',
      tags: values.tags,
      imageList: tweet ? values.imageList : [],
    };
  }

  /** The checks the browser can make before asking (the server repeats them all). */
  function localErrors(): FieldErrors {
    const found: FieldErrors = {};
    const parsed = validateForm(topicCreateSchema, body());
    if (!parsed.ok) Object.assign(found, parsed.errors);
    if (!tweet && values.title.trim() === '') found.title ??= { key: 'topic.validation.titleRequired' };
    const empty = tweet ? values.content.trim() === '' && values.imageList.length === 0 : values.content.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(values.content);
    if (empty) found.content ??= { key: 'topic.validation.contentRequired' };
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (uploading) {
      toast.error(t('editor.alert.uploadingBlocked'));
      return;
    }
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      const payload = body();
      const topic = initial
        ? await api<TopicView>(`/api/topic/edit/${initial.id}`, { method: 'POST', body: { ...payload, type: undefined } })
        : await api<TopicView>('/api/topic/create', { method: 'POST', body: payload });
      if (topic.status === 2) toast.info(t('topicForm.pendingReview'), { durationMs: 5000 });
      else toast.success(initial ? t('topicForm.editSuccess') : t('topicForm.createSuccess'));
      navigate(`/topic/${topic.id}`);
    } catch (error) {
      setSubmitting(false);
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        return;
      }
      if (error instanceof ApiError && error.errorCode === ErrorCode.EmailNotVerified) {
        setVerifyNeeded(true);
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      if (initial && error instanceof ApiError && error.errorCode !== ErrorCode.NotSignedIn) {
        toast.error(t('topicForm.editFailed', { message: error.message }));
        return;
      }
      handleApiError(error);
    }
  }

  const nodeField = nodes.length > 0 && (
    <Field label={t('topicForm.node')} error={message(errors.nodeId)} className={tweet ? 'sm:max-w-xs' : ''}>
      {(control) => (
        <select
          {...control}
          name="nodeId"
          value={values.nodeId}
          onChange={(event) => set('nodeId', Number(event.target.value))}
          className={controlClass(Boolean(errors.nodeId), 'h-10 pr-8')}
          data-testid="node-select"
        >
          {nodes.map((node) => (
            <option key={node.id} value={node.id}>
              {node.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  // Posts and tweets both carry tags (API: tags[] on create and edit for either type).
  const tagsField = (
    <Section label={t('topicForm.tags')} htmlFor="topic-tags" error={message(errors.tags)}>
      <TagInput id="topic-tags" value={values.tags} onChange={(tags) => set('tags', tags)} invalid={Boolean(errors.tags)} disabled={submitting} />
      {!errors.tags && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('topicForm.tagsHint', { max: TOPIC_LIMITS.tagsMax })}</p>}
    </Section>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="topic-form" data-mode={mode}>
      {verifyNeeded && <VerifyEmailNotice />}
      <Card className="space-y-5 p-5 sm:p-6">
        {tweet ? (
          <>
            <Field label={t('topicForm.tweetContent')} error={message(errors.content)}>
              {(control) => (
                <Textarea
                  {...control}
                  name="content"
                  rows={6}
                  value={values.content}
                  maxLength={TOPIC_LIMITS.contentMax}
                  placeholder={t('topicForm.tweetPlaceholder')}
                  onChange={(event) => set('content', event.target.value)}
                  className="resize-y text-[0.9375rem] leading-7"
                  data-testid="tweet-content"
                />
              )}
            </Field>
            <Section label={t('topicForm.images')} labelId="images-label" error={message(errors.imageList)} hint={t('topicForm.imagesHint', { max: TOPIC_LIMITS.imagesMax })}>
              <ImagePicker value={values.imageList} onChange={(images) => set('imageList', images)} onUploadingChange={onImagesUploading} disabled={submitting} describedBy="images-label" />
            </Section>
            {nodeField}
            {tagsField}
          </>
        ) : (
          <>
            <div className="grid gap-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
              {nodeField}
              <Field label={t('topicForm.title')} error={message(errors.title)} required className={nodes.length === 0 ? 'sm:col-span-2' : ''}>
                {(control) => (
                  <Input
                    {...control}
                    name="title"
                    value={values.title}
                    maxLength={TOPIC_LIMITS.titleMax}
                    placeholder={t('topicForm.titlePlaceholder')}
                    onChange={(event) => set('title', event.target.value)}
                    data-testid="title-input"
                  />
                )}
              </Field>
            </div>
            <div className="space-y-1.5">
              <div className="flex items-end justify-between gap-3">
                <p id="content-label" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
                  {t('topicForm.content')}
                  <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
                    *
                  </span>
                </p>
                <EditorSwitch
                  value={values.contentType}
                  hasContent={values.content.trim() !== '' || values.hideContent.trim() !== ''}
                  disabled={submitting}
                  onChange={(next) => {
                    // Switching clears the content (confirmed by the switch when there is any).
                    setValues((v) => ({ ...v, contentType: next, content: '', hideContent: '' }));
                  }}
                />
              </div>
              <ContentEditor
                contentType={values.contentType}
                value={values.content}
                onChange={(html) => set('content', html)}
                onUploadingChange={onEditorUploading}
                ariaLabel={t('topicForm.content')}
                disabled={submitting}
              />
              {errors.content && (
                <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                  {message(errors.content)}
                </p>
              )}
            </div>
            {tagsField}
            <div className="rounded-lg border border-zinc-200 dark:border-zinc-800">
              <button
                type="button"
                onClick={() => setShowHidden((v) => !v)}
                aria-expanded={showHidden}
                aria-controls="hidden-editor"
                className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:text-zinc-200 dark:hover:bg-zinc-800/50"
                data-testid="toggle-hidden"
              >
                <LockIcon className="size-4" />
                <span className="flex-1">{t('topicForm.hiddenToggle')}</span>
                <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">{t('topicForm.hiddenHint')}</span>
              </button>
              <div id="hidden-editor" hidden={!showHidden} className="border-t border-zinc-200 p-4 dark:border-zinc-800">
                {showHidden && (
                  <Section label={t('topicForm.hiddenLabel')} labelId="hidden-label" error={message(errors.hideContent)}>
                    <ContentEditor
                      contentType={values.contentType}
                      value={values.hideContent}
                      onChange={(html) => set('hideContent', html)}
                      onUploadingChange={onHiddenUploading}
                      compact
                      ariaLabel={t('topicForm.hiddenLabel')}
                      disabled={submitting}
                    />
                  </Section>
                )}
              </div>
            </div>
          </>
        )}
        {message(errors._) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {message(errors._)}
          </p>
        )}
        <div className="flex items-center justify-end gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          {uploading && (
            <p className="mr-auto text-xs text-zinc-500 dark:text-zinc-400" role="status">
              {t('editor.image.uploading')}
            </p>
          )}
          <ButtonLink to={initial ? `/topic/${initial.id}` : '/'} variant="ghost">
            {t('site.ui.cancel')}
          </ButtonLink>
          <Button type="submit" loading={submitting} data-testid="submit-topic" aria-disabled={uploading || undefined}>
            {initial ? t('topicForm.save') : t('topicForm.publish')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
