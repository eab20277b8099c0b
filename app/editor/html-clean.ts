/**
 * Applies the content policy to HTML before it enters the editor (pasted HTML and the initial
 * value), in the browser, with the policy's own `cleanAttributes`: tags outside the allow-list
 * are unwrapped (raw-text ones dropped with their content), attribute values are filtered
 * (schemes, styles, classes, whole-number sizes). What the editor shows is then what the server
 * will store. Parsing uses an inert document: nothing loads, nothing runs.
 */
import { ALLOWED_TAGS, cleanAttributes } from '../../common/rich-text/policy';

/** Elements removed together with their content. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'noframes', 'textarea', 'title', 'xmp', 'plaintext', 'select', 'option', 'button', 'svg', 'math', 'head', 'meta', 'link', 'base',
]);

function cleanChildren(parent: ParentNode): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.COMMENT_NODE || child.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      child.remove();
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.localName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    cleanChildren(child);
    if (!ALLOWED_TAGS.includes(tag)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const attr of Array.from(child.attributes)) attrs[attr.name] = attr.value;
    const kept = cleanAttributes(tag, attrs);
    if (kept === null) {
      child.remove();
      continue;
    }
    for (const attr of Array.from(child.attributes)) child.removeAttribute(attr.name);
    for (const [name, value] of Object.entries(kept)) child.setAttribute(name, value);
  }
}

export function cleanHtml(html: string): string {
  if (typeof DOMParser === 'undefined' || html.trim() === '') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
