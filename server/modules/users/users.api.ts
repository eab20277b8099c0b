/**
 * The users feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { assertNamesFree } from './names';
export { isVipActive, presentCurrentUser, presentPublicUser } from './users.presenter';
export { countAdmins, countUsersByName, findActiveUsersByUsernames, findUserByEmail, findUserById, findUserByUsername, findUsersByIds, findUsersByName, findUsersByNamePrefix } from './users.lookup';
export { bannedUsers, changeRole, createMember, emailTaken, getActiveUser, lockMember, lockMembers, memberStats, membersPage, membersWithVipEndingBetween, mostFollowedMembers, moveScore, reload, setBan, setFirstPasswordHash, setVipExpiry, upgradePasswordHash, topScorers, updateSignIn, usersByIds, verifyEmail } from './users.service';
export { mailableMember, mailableMembersAfter, mailLocaleOf, noteSeen, seenIsStale, type MailableMember } from './users.service';
/** The importer's entry points (issue 33): a member as they were on another forum, and the members' counters recounted. */
export { importMember, recountMembers, type ImportedMember, type MemberAdjustment } from './users.import';
