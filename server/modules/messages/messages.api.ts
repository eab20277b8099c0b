/**
 * The site messages' public surface (DESIGN convention 13): a feature tells a member of its own
 * facts from its in-transaction listener (`notify`, written in the write's transaction, so a
 * rolled-back write tells nobody); the live unread push and the reply mail follow `message.sent`.
 */
export { notify, type NotifyInput } from './messages.service';
