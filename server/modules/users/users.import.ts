/**
 * Members brought in from another forum (the importer, issue 33, ADR 0042): a member inserted as
 * they were there (their join time, role, score and password hash, which sign-in replaces with
 * Sabai's own at their first sign-in), and the members' counters set from what was imported.
 * No fact is recorded: nobody signed up, nothing is to be told.
 */
import type { Kysely } from 'kysely';
import { cleanName } from '../../../common/validation/names';
import type { DB } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { assertNamesFree } from './names';
import { findUserByEmail, findUserByUsername, insertUser, nicknameTaken, recountMemberCounters } from './users.repository';

export interface ImportedMember {
  username: string | null;
  email: string | null;
  emailVerified: boolean;
  nickname: string;
  avatar: string;
  signature: string;
  homePage: string;
  /** The other forum's hash (bcrypt for bbs-go), or null: no password sign-in. */
  passwordHash: string | null;
  role: 'member' | 'moderator' | 'admin';
  score: number;
  /** 0 active, 1 deleted. */
  status: number;
  /** 0, -1 forever, or when the ban ends (epoch ms). */
  forbiddenUntil: number;
  createTime: number;
  updateTime: number;
}

/** What had to change for the member to fit here: each a reason for the report. */
export type MemberAdjustment = 'nicknameRenamed' | 'usernameRenamed' | 'emailDropped';

/**
 * A nickname as this site may show it: cleaned as a sign-up's is, never one that passes for a
 * staff member's (names.ts) or that another member already has; then `Name 2`, `Name 3`…
 */
async function freeNickname(db: Kysely<DB>, wanted: string, fallback: string): Promise<{ nickname: string; renamed: boolean }> {
  const base = cleanName(wanted).slice(0, 32) || fallback;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`;
    if ((await nicknameTaken(db, candidate)) || !(await namesFree(db, candidate))) continue;
    return { nickname: candidate, renamed: candidate !== wanted };
  }
  throw new Error(`no free nickname for ${wanted}`);
}

async function namesFree(db: Kysely<DB>, nickname: string): Promise<boolean> {
  try {
    await assertNamesFree(db, { nickname }, null);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The username column's size (migration 2026112201_foundation). */
const USERNAME_MAX = 32;

/** A username nobody here has (regardless of case): the same, else `name_2`, `name_3`… (cut to fit the column). */
async function freeUsername(db: Kysely<DB>, wanted: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `_${n}`;
    const candidate = `${wanted.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  throw new Error(`no free username for ${wanted}`);
}

/** Inserts an imported member; answers their id here and what had to change. */
export async function importMember(db: Kysely<DB>, member: ImportedMember, fallbackName: string): Promise<{ id: number; adjustments: MemberAdjustment[] }> {
  const adjustments: MemberAdjustment[] = [];
  const { nickname, renamed } = await freeNickname(db, member.nickname || member.username || '', fallbackName);
  if (renamed && member.nickname !== '') adjustments.push('nicknameRenamed');
  let username = member.username;
  if (username !== null) {
    const free = await freeUsername(db, username);
    if (free !== username) adjustments.push('usernameRenamed');
    username = free;
  }
  let email = member.email?.trim().toLowerCase() || null;
  if (email !== null && (await findUserByEmail(db, email))) {
    email = null;
    adjustments.push('emailDropped');
  }
  const id = await insertUser(db, {
    username,
    email,
    email_verified: email && member.emailVerified ? 1 : 0,
    nickname,
    avatar: member.avatar,
    signature: member.signature,
    home_page: member.homePage,
    password_hash: member.passwordHash || null,
    role: member.role,
    score: member.score,
    topic_count: 0,
    comment_count: 0,
    follow_count: 0,
    fans_count: 0,
    forbidden_until: member.forbiddenUntil,
    vip_expire_time: 0,
    status: member.status,
    create_time: member.createTime,
    update_time: member.updateTime,
  });
  return { id, adjustments };
}

/**
 * Sets every member's counters from the rows they count (published topics and tweets, articles,
 * comments; follows both ways), as the live writes would have moved them one by one.
 */
export async function recountMembers(db: Kysely<DB>): Promise<void> {
  await recountMemberCounters(db);
}
