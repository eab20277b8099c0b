/**
 * Create and edit a topic (spec §2, §4, §5): post mode (node, title, tags, rich text or Markdown
 * with hidden content) and tweet mode (short text, up to 9 images, node, tags). Submit is refused while an
 * image uploads; an unverified e-mail is explained with a link to verify it; the server's field
 * messages appear under their fields.
 */
import { useCallback, useState } from 'react';
import type { InputOf } from '../../../common/actions/contract';
import { topicActions } from '../../../common/actions/topics';
import { TOPIC_LIMITS, TOPIC_TYPES } from '../../../common/constants';
import { topicCreateSchema } from '../../../common/validation/topic';
import { ContentEditor, type ContentType } from '~/editor';
import { ContentField, FormFooter, FormSection, TagsField, TextField, VerifyEmailNotice } from '~/components/content/form-parts';
import { useItemSubmit } from '~/components/content/use-item-submit';
import { Card } from '~/components/ui/card';
import { Field, controlClass } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useFieldMessage, validateForm, type FieldErrors } from '~/lib/form-errors';
import { LockIcon } from './icons';
import { ImagePicker } from './image-picker';
import type { NodeView, TopicEditView, TopicImage } from './types';
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

export function TopicForm(props: TopicFormProps) {
  const { mode, nodes, initial, needsVerifiedEmail } = props;
  const t = useT();
  const message = useFieldMessage();
  const [values, setValues] = useState<Values>(() => initialValues(props));
  const [uploads, setUploads] = useState({ editor: false, hidden: false, images: false });
  const [showHidden, setShowHidden] = useState(() => (initial?.hideContent ?? '') !== '');
  const tweet = mode === 'tweet';
  const uploading = uploads.editor || uploads.hidden || uploads.images;
  const onEditorUploading = useCallback((busy: boolean) => setUploads((u) => (u.editor === busy ? u : { ...u, editor: busy })), []);
  const onHiddenUploading = useCallback((busy: boolean) => setUploads((u) => (u.hidden === busy ? u : { ...u, hidden: busy })), []);
  const onImagesUploading = useCallback((busy: boolean) => setUploads((u) => (u.images === busy ? u : { ...u, images: busy })), []);

  function body(): InputOf<typeof topicActions.create> {
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

  /** POST topic/create, or topic/edit/{id}: an edit keeps its type (it takes everything but the type). */
  function save() {
    if (!initial) return send(topicActions.create, body());
    const { type: _type, ...fields } = body();
    return send(topicActions.edit, { ...fields, id: initial.id });
  }

  const { submit, submitting, errors, clearError, verifyNeeded } = useItemSubmit({
    kind: 'topic',
    editingId: initial?.id,
    save,
    uploading,
    check: localErrors,
    needsVerifiedEmail,
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };

  /** A text field's name, value, setter and message. */
  const textOf = (key: 'title' | 'content') => ({ name: key, value: values[key], onChange: (value: string) => set(key, value), error: message(errors[key]) });

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
    <TagsField value={values.tags} onChange={(tags) => set('tags', tags)} error={message(errors.tags)} hint={t('topicForm.tagsHint', { max: TOPIC_LIMITS.tagsMax })} disabled={submitting} />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="topic-form" data-mode={mode}>
      {verifyNeeded && <VerifyEmailNotice message={t('topic.errors.verifyEmail')} />}
      <Card className="space-y-5 p-5 sm:p-6">
        {tweet ? (
          <>
            <TextField
              {...textOf('content')}
              label={t('topicForm.tweetContent')}
              rows={6}
              maxLength={TOPIC_LIMITS.contentMax}
              placeholder={t('topicForm.tweetPlaceholder')}
              className="text-[0.9375rem] leading-7"
              testId="tweet-content"
            />
            <FormSection label={t('topicForm.images')} labelId="images-label" error={message(errors.imageList)} hint={t('topicForm.imagesHint', { max: TOPIC_LIMITS.imagesMax })}>
              <ImagePicker value={values.imageList} onChange={(images) => set('imageList', images)} onUploadingChange={onImagesUploading} disabled={submitting} describedBy="images-label" />
            </FormSection>
            {nodeField}
            {tagsField}
          </>
        ) : (
          <>
            <div className="grid gap-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
              {nodeField}
              <TextField
                {...textOf('title')}
                label={t('topicForm.title')}
                maxLength={TOPIC_LIMITS.titleMax}
                placeholder={t('topicForm.titlePlaceholder')}
                required
                fieldClassName={nodes.length === 0 ? 'sm:col-span-2' : ''}
                testId="title-input"
              />
            </div>
            <ContentField
              label={t('topicForm.content')}
              contentType={values.contentType}
              value={values.content}
              onChange={(html) => set('content', html)}
              hasContent={values.content.trim() !== '' || values.hideContent.trim() !== ''}
              onContentTypeChange={(next) => {
                // Switching clears the content (confirmed by the switch when there is any).
                setValues((v) => ({ ...v, contentType: next, content: '', hideContent: '' }));
              }}
              onUploadingChange={onEditorUploading}
              error={message(errors.content)}
              disabled={submitting}
            />
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
                  <FormSection label={t('topicForm.hiddenLabel')} labelId="hidden-label" error={message(errors.hideContent)}>
                    <ContentEditor
                      contentType={values.contentType}
                      value={values.hideContent}
                      onChange={(html) => set('hideContent', html)}
                      onUploadingChange={onHiddenUploading}
                      compact
                      ariaLabel={t('topicForm.hiddenLabel')}
                      disabled={submitting}
                    />
                  </FormSection>
                )}
              </div>
            </div>
          </>
        )}
        <FormFooter
          uploading={uploading}
          submitting={submitting}
          cancelTo={initial ? `/topic/${initial.id}` : '/'}
          submitLabel={initial ? t('topicForm.save') : t('topicForm.publish')}
          submitTestId="submit-topic"
          formError={message(errors._)}
        />
      </Card>
    </form>
  );
}
