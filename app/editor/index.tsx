/**
 * The editor's public entry (issue 5). Import from '~/editor'; nothing here pulls in TipTap,
 * which arrives in its own chunk when an editor mounts in the browser.
 *
 *   <ContentEditor contentType={type} onContentTypeChange={setType} value={html} onChange={setHtml}
 *                  onUploadingChange={setUploading} />          // topics, articles (switchable)
 *   <LazyEditor compact value={html} onChange={setHtml} />     // comments
 *
 * While `onUploadingChange(true)`, block submit with t('editor.alert.uploadingBlocked').
 * Pages that show stored content: import '~/editor/content.css' and use class `rich-text`.
 */
export type { EditorProps } from './Editor';
export { LazyEditor, EditorPlaceholder } from './LazyEditor';
export { ContentEditor, EditorSwitch, type ContentEditorProps, type ContentType, type EditorSwitchProps } from './ContentEditor';
export { dataUrlUpload, serverUpload, type UploadFn, type UploadResult } from './upload';
