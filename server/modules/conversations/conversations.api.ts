/**
 * The conversations feature's public surface (DESIGN convention 13). For the reports feature:
 * a reported message (`messageForReport`), staff removing one (`removeMessage`, in the caller's
 * write; the staff access rules apply and it is audited), the conversation's participants. The
 * rule lists (`START_RULES`, `SEND_RULES`, `STAFF_ACCESS_RULES`) are where blocks, trust levels and
 * reports join them (conversations.rules.ts).
 */
export { conversationParticipants, messageForReport, removeMessage, type MessageForReport } from './conversations.service';
export { SEND_RULES, START_RULES, STAFF_ACCESS_RULES, type Rule, type SendCheck, type StaffAccess, type StaffAccessRule, type StartCheck } from './conversations.rules';
export { conversationsOfMember, type ArchivedConversation } from './conversations.member-data';
