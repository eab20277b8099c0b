/**
 * The site messages' public surface (DESIGN convention 13): a feature tells a member of its own
 * facts from its in-transaction listener (`notify`, written in the write's transaction, so a
 * rolled-back write tells nobody); the live unread push and the notification mail follow
 * `message.sent`, which names the channels the member takes the message's kind on. Other
 * channels (push, the digest) read the member's choices here; a mail's one-click unsubscribe
 * link (unsubscribe-links.ts) names one of them, and `setChannel`/`setDigest` turn it off.
 */
export { deliverToMembers, messageForChannel, notify, notifyEach, recentMessages, unreadCount, type MessageForChannel, type NotifyInput } from './messages.service';
export { channelsFor, digestChoices, preferencesOf, setChannel, setDigest, type ChannelSwitches, type DigestChoice, type Preferences } from './notification-prefs.service';
export { readUnsubscribeToken, mailTokenSecret, unsubscribeClaimOf, unsubscribeFooter, unsubscribeLink, unsubscribeLinkFor, UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE, type UnsubscribeClaim, type UnsubscribeLink, type UnsubscribeTarget } from './unsubscribe-links';
export type { MemberDelivery } from './unread-hub';
