/**
 * Names that pass for the staff's are reserved. A member cannot call themself `admin`, `аdmin`
 * (Cyrillic а), `ａｄｍｉｎ` (fullwidth), `ADMlN` or `Ad Min` while an administrator or moderator is
 * called `admin`: names are compared by their skeleton (Unicode UTS #39), what a reader takes
 * them for at a glance. Reserved: every admin's and moderator's nickname and username, and a few
 * words that name the staff in the site's languages (for staff only). Checked on write (sign-up,
 * profile, username), for the names that change; the names already stored stay as they are.
 */
import type { Kysely } from 'kysely';
import { cleanName } from '../../../common/validation/names';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { isModerator } from '../../policy/permissions';
import { LATIN_CONFUSABLES } from './confusables';
import { findStaffNames } from './users.repository';

/** Words that name the staff: only staff may be called so. */
export const STAFF_WORDS: readonly string[] = ['admin', 'administrator', 'moderator', 'system', 'root', '管理员', '版主', '系统'];

type NameField = 'nickname' | 'username';

function unconfuse(text: string): string {
  return Array.from(text, (char) => LATIN_CONFUSABLES.get(char) ?? char).join('');
}

/**
 * The skeleton of a name: equal skeletons look alike. UTS #39's skeleton (NFKC here, so
 * fullwidth and mathematical letters fold too; then the confusables table, before and after
 * lower-casing, since `Μ` (Greek capital) passes for M but its lower case `μ` for nothing),
 * made case-blind and a little stricter, as fits names that must not pass for someone else's:
 * accents on Latin-looking letters, spaces, punctuation and symbols are dropped, and the shapes
 * that read alike in most fonts fold together (`0`/`o`, `1`/`i`/`l`/`|`/`!`, `rn`/`m`, `vv`/`w`).
 */
export function nameSkeleton(name: string): string {
  const latin = unconfuse(unconfuse(cleanName(name).normalize('NFKC')).toLowerCase()).toLowerCase();
  return latin
    .normalize('NFD')
    .replace(/(?<=[a-z0-9])\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/[|!]/g, 'l')
    .replace(/[\p{Z}\p{P}\p{S}\p{C}]/gu, '')
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/** The skeletons reserved for someone other than `self`: the other staff's names, and the staff words unless `self` is staff. */
async function reservedSkeletons(db: Kysely<DB>, self: Pick<UserRow, 'id' | 'role'> | null): Promise<Set<string>> {
  const staff = await findStaffNames(db);
  const names = staff.filter((row) => row.id !== self?.id).flatMap((row) => [row.nickname, row.username ?? '']);
  if (!self || !isModerator(self)) names.push(...STAFF_WORDS);
  return new Set(names.map(nameSkeleton).filter((skeleton) => skeleton !== ''));
}

/**
 * Refuses (409, errorCode 9, the field named) a new nickname or username that passes for a
 * staff member's name. `self` is the member renaming themself; null at sign-up.
 */
export async function assertNamesFree(db: Kysely<DB>, names: Partial<Record<NameField, string>>, self: Pick<UserRow, 'id' | 'role'> | null): Promise<void> {
  const given = (Object.entries(names) as Array<[NameField, string | undefined]>).filter((entry): entry is [NameField, string] => entry[1] !== undefined);
  if (given.length === 0) return;
  const reserved = await reservedSkeletons(db, self);
  const fields: Partial<Record<NameField, string>> = {};
  for (const [field, value] of given) if (reserved.has(nameSkeleton(value))) fields[field] = `errors.account.${field}Reserved`;
  const [first] = Object.values(fields);
  if (first) throw errors.conflict(first, fields);
}
