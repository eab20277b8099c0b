/**
 * Every migration, in order. Names are timestamp-prefixed and never change once released; the
 * same list runs at start, by `npm run migrate`, and in every test, on all three engines.
 */
import type { Migration } from 'kysely';
import * as foundation from './2026112201_foundation';
import * as topics from './2026112202_topics';
import * as comments from './2026112203_comments';
import * as usernameCi from './2026112210_username_ci';
import * as topicFeedIndexes from './2026112211_topic_feed_indexes';
import * as expiryIndexes from './2026112312_expiry_indexes';
import * as articles from './2026112601_articles';
import * as scores from './2026112701_scores';
import * as search from './2026112703_search';
import * as searchTerms from './2026112901_search_terms';
import * as follows from './2026112702_follows';
import * as moderation from './2026112704_moderation';
import * as review from './2026112801_review';
import * as siteLinksNotices from './2026112804_site_links_notices';
import * as forbiddenWords from './2026112802_forbidden_words';
import * as profileLists from './2026112806_profile_lists';
import * as vip from './2026112805_vip';
import * as jobs from './2026113001_jobs';
import * as notifications from './2026120101_notifications';
import * as digest from './2026120105_digest';
import * as conversations from './2026120201_conversations';
import * as reports from './2026120203_reports';
import * as blocksLocksWarnings from './2026120202_blocks_locks_warnings';
import * as trustDefences from './2026120204_trust_defences';
import * as embedsLinkPreviews from './2026120301_embeds_link_previews';
import * as imagesUploadSizes from './2026120310_images_upload_sizes';
import * as searchQueryShape from './2026120501_search_query_shape';
import * as signInIdentities from './2026120601_sign_in_identities';
import * as secondFactors from './2026120603_second_factors';
import * as accountData from './2026120604_account_data';
import * as phoneSignIn from './2026120602_phone_sign_in';
import * as backups from './2026120701_backups';
import * as importMap from './2026120703_import_map';
import * as backupsStore from './2026120704_backups_store';

export const migrations: Record<string, Migration> = {
  '2026112201_foundation': foundation,
  '2026112202_topics': topics,
  '2026112203_comments': comments,
  '2026112210_username_ci': usernameCi,
  '2026112211_topic_feed_indexes': topicFeedIndexes,
  '2026112312_expiry_indexes': expiryIndexes,
  '2026112601_articles': articles,
  '2026112701_scores': scores,
  '2026112703_search': search,
  '2026112702_follows': follows,
  '2026112704_moderation': moderation,
  '2026112801_review': review,
  '2026112802_forbidden_words': forbiddenWords,
  '2026112804_site_links_notices': siteLinksNotices,
  '2026112805_vip': vip,
  '2026112806_profile_lists': profileLists,
  '2026112901_search_terms': searchTerms,
  '2026113001_jobs': jobs,
  '2026120101_notifications': notifications,
  '2026120105_digest': digest,
  '2026120201_conversations': conversations,
  '2026120203_reports': reports,
  '2026120202_blocks_locks_warnings': blocksLocksWarnings,
  '2026120204_trust_defences': trustDefences,
  '2026120301_embeds_link_previews': embedsLinkPreviews,
  '2026120310_images_upload_sizes': imagesUploadSizes,
  '2026120501_search_query_shape': searchQueryShape,
  '2026120601_sign_in_identities': signInIdentities,
  '2026120603_second_factors': secondFactors,
  '2026120604_account_data': accountData,
  '2026120602_phone_sign_in': phoneSignIn,
  '2026120701_backups': backups,
  '2026120703_import_map': importMap,
  '2026120704_backups_store': backupsStore,
};
