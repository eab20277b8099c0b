/**
 * The users feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { assertNamesFree } from './names';
export { isVipActive, presentCurrentUser, presentPublicUser } from './users.presenter';
export { countAdmins, countUsersByName, findUserByEmail, findUserById, findUserByUsername, findUsersByIds, findUsersByName, insertUser, setPasswordHashIfUnset, updateUser } from './users.repository';
export { bannedUsers, changeRole, emailTaken, getActiveUser, lockMember, lockMembers, memberStats, membersPage, membersWithVipEndingBetween, mostFollowedMembers, moveScore, newUserValues, reload, setBan, setVipExpiry, topScorers, usersByIds, verifyEmail } from './users.service';
