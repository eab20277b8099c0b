/**
 * Every action the audit log can record, its target kinds and the facts (detail fields) written
 * with them (issue 31 item 7, defect 2). The server's `recordAudit` takes only these actions, the
 * back office offers them all in its filter and writes each with its label
 * (`admin.audit.actions.<action>`); `common/audit.test.ts` checks every one has a label in every
 * locale. Pure: both sides import it.
 */

/** The content kinds a moderator moves or flags. */
export const AUDIT_CONTENT_TYPES = ['topic', 'article', 'comment'] as const;
export type AuditContentType = (typeof AUDIT_CONTENT_TYPES)[number];
export const AUDIT_CONTENT_MOVES = ['delete', 'reject', 'approve', 'restore'] as const;
export const AUDIT_CONTENT_FLAGS = ['recommend', 'sticky', 'locked', 'slowMode'] as const;
/** The site's catalogues (site.catalogChanged) and what is done to them. */
export const AUDIT_CATALOG_PARTS = ['node', 'tag', 'link', 'notice'] as const;
export const AUDIT_CATALOG_CHANGES = ['create', 'update', 'delete', 'order', 'rename', 'merge'] as const;
export const AUDIT_WORD_CHANGES = ['create', 'update', 'delete'] as const;
export const AUDIT_IP_BAN_CHANGES = ['add', 'remove'] as const;

type Cross<A extends readonly string[], B extends readonly string[]> = `${A[number]}.${B[number]}`;

function cross<A extends readonly string[], B extends readonly string[]>(kinds: A, verbs: B): Array<Cross<A, B>> {
  return kinds.flatMap((kind) => verbs.map((verb) => `${kind}.${verb}` as Cross<A, B>));
}

/** In the order the filter lists them. */
export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.warn',
  'user.warningAcknowledged',
  'user.role',
  'user.verifyEmail',
  'trust.set',
  'trust.cleared',
  'user.password_set',
  'user.password_changed',
  'user.password_reset',
  'user.email_changed',
  'user.phone_set',
  'user.phone_removed',
  'user.sessions_ended',
  ...cross(AUDIT_CONTENT_TYPES, AUDIT_CONTENT_MOVES),
  ...cross(AUDIT_CONTENT_TYPES, AUDIT_CONTENT_FLAGS),
  'report.resolve',
  'conversation.staffView',
  'conversation.messageRemove',
  ...cross(['word'] as const, AUDIT_WORD_CHANGES),
  ...cross(['ipBan'] as const, AUDIT_IP_BAN_CHANGES),
  ...cross(AUDIT_CATALOG_PARTS, AUDIT_CATALOG_CHANGES),
  'settings.update',
  'vip.activate',
  'vip.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export function isAuditContentType(value: string): value is AuditContentType {
  return (AUDIT_CONTENT_TYPES as readonly string[]).includes(value);
}

/** The target kinds (`admin.audit.targets.<type>`), in the order the filter lists them. */
export const AUDIT_TARGETS = ['user', ...AUDIT_CONTENT_TYPES, 'conversation', 'word', 'ipBan', ...AUDIT_CATALOG_PARTS, 'settings'] as const;

/**
 * The facts written with the actions (`admin.audit.fields.<name>`), shown by name; `until`,
 * `reason` and `authorId` are told in words or left out by the log itself.
 */
export const AUDIT_DETAIL_FIELDS = [
  'previousStatus',
  'previousUntil',
  'previousReason',
  'hideContent',
  'from',
  'to',
  'email',
  'warningId',
  'recommend',
  'sticky',
  'locked',
  'slowMode',
  'keys',
  'outcome',
  'reports',
  'title',
  'messageId',
  'cidr',
  'expireTime',
  'name',
  'previousName',
  'direction',
  'movedTo',
  'topics',
  'url',
  'into',
  'intoName',
  'pattern',
  'kind',
  'action',
  'previousPattern',
  'previousKind',
  'previousAction',
  'orderId',
  'plan',
  'amount',
  'txHash',
] as const;
