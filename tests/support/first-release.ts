/**
 * The first released schema, and a forum's worth of data written the way that release wrote it,
 * for the upgrade tests (ADR 0043).
 *
 * "First release" = the first commit on main (49f984e, 2026-11-24, the first landing CI passed).
 * Its server/db/migrations/index.ts listed exactly FIRST_RELEASE_MIGRATIONS (the schema of every
 * commit until 8d7e94a, 2026-11-25, which added the articles migration), and those six files
 * are byte-for-byte the same today (`git diff 49f984e HEAD -- server/db/migrations/2026112*`
 * shows only ddl.ts gaining new helpers), so running them builds that release's schema.
 *
 * The rows are written with plain query building against an untyped handle (Kysely<any>), naming
 * only the columns those six migrations created: nothing here follows today's schema types, so a
 * later migration that renames or reshapes a column shows up as a failing read, not a compile
 * error hidden in the fixture. Values follow what that release's code stored: argon2id password
 * hashes, sha256 session-token hashes, JSON setting values, the install marker row, topics
 * with their rendered HTML, counters kept in step.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../server/db/database';
import { hashPassword } from '../../server/infra/password';

export const FIRST_RELEASE_MIGRATIONS = [
  '2026112201_foundation',
  '2026112202_topics',
  '2026112203_comments',
  '2026112210_username_ci',
  '2026112211_topic_feed_indexes',
  '2026112312_expiry_indexes',
] as const;

/**
 * SHA-256 of each of those files as released (`git show 49f984e:server/db/migrations/<name>.ts`):
 * tests/unit/first-release-migrations.test.ts fails if one is edited, since the baseline would
 * then silently stop being the released schema.
 */
export const FIRST_RELEASE_SOURCE_SHA256: Record<(typeof FIRST_RELEASE_MIGRATIONS)[number], string> = {
  '2026112201_foundation': 'b9f529632ecda3ad7d22bde6ba83256f5221cb0a588be5d2a721a4f9cec41712',
  '2026112202_topics': 'e8c0cf4f523f6666a52f11767a7ad658e062e04276a66af01aa2ae63a9f45916',
  '2026112203_comments': '60ca9ba4ba83d4fd52c50dbdb8b31f8aff379796d3b14f005887317beaf51272',
  '2026112210_username_ci': 'bcfefe5696ca52e49c9fb7e493a4d898a61e708a1925f320d69312a72899ab0f',
  '2026112211_topic_feed_indexes': 'ecd297951f2dbc9cb1dbd00c59c82303099cf31c10cc3fbb10652f50024b06fc',
  '2026112312_expiry_indexes': '49909f241794d394c1d7c28e8a6b9f7c80b0bb2d0a78da6459cfb4a000d295d8',
};

export const LAST_FIRST_RELEASE_MIGRATION = FIRST_RELEASE_MIGRATIONS[FIRST_RELEASE_MIGRATIONS.length - 1]!;

/** The passwords and the session token the old forum's members had. */
export const OLD_PASSWORDS = { admin: 'admin-old-pass-1', alice: 'alice-old-pass-2', bob: 'bob-old-pass-3', somchai: 'somchai-old-pass-4' } as const;
export const OLD_SESSION_TOKEN = 'first-release-session-token-of-alice-0123456789';

export interface FirstReleaseForum {
  users: { admin: number; alice: number; bob: number; somchai: number };
  nodes: { general: number; travel: number };
  tags: { bangkok: number; food: number };
  topics: { welcome: number; streetFood: number; tweet: number; pending: number };
  comments: { bobOnStreetFood: number; aliceReply: number; somchaiOnStreetFood: number };
  /** The times the rows carry (epoch ms), oldest first. */
  times: { installed: number; lastActivity: number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old schema, deliberately untyped (see above)
type OldDb = Kysely<any>;

/** Inserts one row and answers its generated id, as each engine reports it. */
async function insertRow(db: OldDb, table: string, values: Record<string, unknown>): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
    return Number((row as { id: number | string }).id);
  }
  const result = await db.insertInto(table).values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

const HOUR = 3_600_000;

/** Writes the old forum: call on a database migrated to LAST_FIRST_RELEASE_MIGRATION only. */
export async function seedFirstRelease(db: OldDb): Promise<FirstReleaseForum> {
  const installed = Date.UTC(2026, 10, 24, 6, 0, 0);
  const at = (hours: number) => installed + hours * HOUR;
  const stamps = (hours: number) => ({ create_time: at(hours), update_time: at(hours) });

  // Site settings, one JSON value per key, as that release's installer and back office wrote them
  // (rateLimits in its four-rule shape; later releases added rules with defaults).
  const settings: Record<string, unknown> = {
    'sabai.installation': { installedAt: installed },
    siteTitle: 'Sabai Old Town',
    siteDescription: 'Everyday life in Chiang Mai',
    language: 'en-US',
    siteUrl: 'https://old.example.org',
    siteNavs: [{ title: 'About', url: '/about' }],
    tokenExpireDays: 60,
    rateLimits: {
      signinPerIp: { max: 30, windowMs: 900_000 },
      signinPerAccount: { max: 10, windowMs: 900_000 },
      signupPerIp: { max: 10, windowMs: 3_600_000 },
      mailPerIp: { max: 5, windowMs: 3_600_000 },
    },
    forbiddenWords: ['casino'],
  };
  for (const [key, value] of Object.entries(settings)) {
    await db.insertInto('settings').values({ key, value: JSON.stringify(value), ...stamps(0) }).execute();
  }

  const member = async (username: string, fields: Record<string, unknown>, hours: number) =>
    insertRow(db, 'users', {
      username,
      email: `${username}@old.example.org`,
      email_verified: 1,
      nickname: username,
      password_hash: await hashPassword(OLD_PASSWORDS[username as keyof typeof OLD_PASSWORDS]),
      ...fields,
      ...stamps(hours),
    });
  const users = {
    admin: await member('admin', { role: 'admin', nickname: 'Site Admin' }, 0),
    alice: await member('alice', { nickname: 'Alice Traveller', signature: 'Slow travel, good noodles', home_page: 'https://alice.example.org' }, 1),
    bob: await member('bob', { email_verified: 0, reply_mail: 1 }, 2),
    somchai: await member('somchai', { nickname: 'สมชาย ใจดี' }, 3),
  };
  await db.insertInto('user_tokens').values({
    user_id: users.alice,
    token_hash: createHash('sha256').update(OLD_SESSION_TOKEN).digest('hex'),
    // A long-lived session: still valid whenever the test runs.
    expire_time: Date.now() + 30 * 24 * HOUR,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    ip: '203.0.113.7',
    ...stamps(4),
  }).execute();

  const general = Number((await db.selectFrom('nodes').select('id').where('name', '=', 'General').executeTakeFirstOrThrow()).id);
  const travel = await insertRow(db, 'nodes', { name: 'Travel', description: 'Trips and tips', sort_no: 1, in_nav: 1, ...stamps(0) });
  const tags = {
    bangkok: await insertRow(db, 'tags', { name: 'Bangkok', ...stamps(5) }),
    food: await insertRow(db, 'tags', { name: 'food', ...stamps(5) }),
  };

  const topic = (fields: Record<string, unknown>, hours: number) =>
    insertRow(db, 'topics', {
      type: 0,
      content_type: 'markdown',
      summary: '',
      image_list: '[]',
      hide_content: '',
      hide_content_html: '',
      last_comment_time: at(hours),
      ip: '203.0.113.7',
      ip_country: 'TH',
      user_agent: 'Mozilla/5.0',
      ...fields,
      ...stamps(hours),
    });
  const topics = {
    welcome: await topic(
      { node_id: general, user_id: users.admin, title: 'Welcome to Sabai Old Town', content: 'Read the **rules** first.', content_html: '<p>Read the <strong>rules</strong> first.</p>', summary: 'Read the rules first.', sticky: 1, sticky_time: at(5) },
      5,
    ),
    streetFood: await topic(
      {
        node_id: travel,
        user_id: users.alice,
        title: 'Best khao soi near Nimman?',
        content: 'Looking for *khao soi* within walking distance.\n\n- open late\n- not too spicy',
        content_html: '<p>Looking for <em>khao soi</em> within walking distance.</p>\n<ul>\n<li>open late</li>\n<li>not too spicy</li>\n</ul>',
        summary: 'Looking for khao soi within walking distance.',
        comment_count: 3,
        like_count: 1,
        favorite_count: 1,
        last_comment_time: at(9),
      },
      6,
    ),
    tweet: await topic({ type: 1, node_id: general, user_id: users.bob, content: 'Rainy season is over 🎉', content_type: 'text', content_html: '<p>Rainy season is over 🎉</p>', summary: 'Rainy season is over 🎉' }, 7),
    // Held for review by the forbidden word: visible to nobody but its author and staff.
    pending: await topic({ node_id: general, user_id: users.bob, title: 'Free casino chips', content: 'casino', content_html: '<p>casino</p>', status: 2 }, 8),
  };
  await db.updateTable('topics').set({ last_comment_user_id: users.somchai }).where('id', '=', topics.streetFood).execute();
  for (const tag of [tags.bangkok, tags.food]) {
    await db.insertInto('topic_tags').values({ topic_id: topics.streetFood, tag_id: tag, ...stamps(6) }).execute();
    await db.updateTable('tags').set({ topic_count: 1 }).where('id', '=', tag).execute();
  }
  await db.updateTable('nodes').set({ topic_count: 2 }).where('id', '=', general).execute();
  await db.updateTable('nodes').set({ topic_count: 1 }).where('id', '=', travel).execute();

  const comment = (fields: Record<string, unknown>, hours: number) =>
    insertRow(db, 'comments', { entity_type: 'topic', entity_id: topics.streetFood, content_type: 'markdown', image_list: '[]', ip: '198.51.100.4', ip_country: 'TH', user_agent: 'Mozilla/5.0', ...fields, ...stamps(hours) });
  const bobOnStreetFood = await comment({ user_id: users.bob, content: 'Khao Soi Mae Sai, **cash only**.', content_html: '<p>Khao Soi Mae Sai, <strong>cash only</strong>.</p>', like_count: 1, reply_count: 1 }, 7);
  const comments = {
    bobOnStreetFood,
    aliceReply: await comment({ user_id: users.alice, parent_id: bobOnStreetFood, content: 'Thanks, going tonight!', content_html: '<p>Thanks, going tonight!</p>' }, 8),
    somchaiOnStreetFood: await comment({ user_id: users.somchai, content: 'ร้านนี้อร่อยมาก', content_html: '<p>ร้านนี้อร่อยมาก</p>' }, 9),
  };

  await db.insertInto('user_likes').values({ user_id: users.bob, entity_type: 'topic', entity_id: topics.streetFood, ...stamps(7) }).execute();
  await db.insertInto('user_likes').values({ user_id: users.alice, entity_type: 'comment', entity_id: comments.bobOnStreetFood, ...stamps(8) }).execute();
  await db.insertInto('user_favorites').values({ user_id: users.bob, entity_type: 'topic', entity_id: topics.streetFood, ...stamps(7) }).execute();

  // Counters as that release kept them.
  const counts: Array<[number, number, number]> = [
    [users.admin, 1, 0],
    [users.alice, 1, 1],
    [users.bob, 1, 1],
    [users.somchai, 0, 1],
  ];
  for (const [id, topicCount, commentCount] of counts) {
    await db.updateTable('users').set({ topic_count: topicCount, comment_count: commentCount }).where('id', '=', id).execute();
  }

  // The site messages those comments sent (one read, one unread), and the audit trail.
  const message = (fields: Record<string, unknown>, hours: number) =>
    db.insertInto('messages').values({ title: 'Best khao soi near Nimman?', quote_content: '', url: `/topic/${topics.streetFood}`, entity_type: 'comment', params: '{}', ...fields, ...stamps(hours) }).execute();
  await message({ user_id: users.alice, from_id: users.bob, type: 'topic_comment', content: 'Khao Soi Mae Sai, cash only.', entity_id: comments.bobOnStreetFood, event_key: `comment:${comments.bobOnStreetFood}`, status: 1 }, 7);
  await message({ user_id: users.bob, from_id: users.alice, type: 'comment_reply', content: 'Thanks, going tonight!', quote_content: 'Khao Soi Mae Sai, cash only.', entity_id: comments.aliceReply, event_key: `comment:${comments.aliceReply}` }, 8);
  await db.insertInto('audit_logs').values({ actor_id: users.admin, action: 'settings.update', target_type: 'settings', detail: '{"keys":["forbiddenWords"]}', ip: '203.0.113.1', ...stamps(4) }).execute();

  return { users, nodes: { general, travel }, tags, topics, comments, times: { installed, lastActivity: at(9) } };
}
