import type { Migration } from 'kysely';
import * as accounts from './001-accounts';
import * as browse from './002-browse';
import * as downloads from './003-downloads';
import * as favorites from './004-favorites';
import * as library from './005-library';
import * as upstreamHosts from './006-upstream-hosts';
import * as cacheGeneration from './007-cache-generation';
import * as upstreamFetches from './008-upstream-fetches';
import * as security from './009-security';
import * as upstreamCredentials from './013-upstream-credentials';
import * as crawlProgress from './010-crawl-progress';
import * as workJobs from './012-work-jobs';
import * as userPreferences from './014-user-preferences';
import * as downloadReasons from './015-download-reasons';
import * as recentSearches from './016-recent-searches';
import * as cacheEviction from './017-cache-eviction';
import * as sharedHostHealth from './018-shared-host-health';
import * as auditLog from './019-audit-log';
import * as datasetFilters from './021-dataset-filters';
import * as follows from './022-follows';
import * as accessTokens from './022b-access-tokens';
import * as feedTokens from './022c-feed-tokens';
import * as imageTags from './024-image-tags';
import * as selectionExports from './024b-selection-exports';
import * as notifications from './025-notifications';
import * as datasetOptions from './026-dataset-options';
import * as downloadsThatStay from './027-downloads-that-stay';
import * as quotaNotices from './028-quota-notices';
import * as challengeBackoff from './029-challenge-backoff';
import * as workTitles from './030-work-titles';
import * as shares from './031-shares';
import * as reviewDrafts from './032-review-drafts';
import * as libraryEpisodes from './033-library-episodes';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-browse': browse,
  '003-downloads': downloads,
  '004-favorites': favorites,
  '005-library': library,
  '006-upstream-hosts': upstreamHosts,
  '007-cache-generation': cacheGeneration,
  '008-upstream-fetches': upstreamFetches,
  '009-security': security,
  '013-upstream-credentials': upstreamCredentials,
  '010-crawl-progress': crawlProgress,
  '012-work-jobs': workJobs,
  '014-user-preferences': userPreferences,
  '015-download-reasons': downloadReasons,
  '016-recent-searches': recentSearches,
  '017-cache-eviction': cacheEviction,
  '018-shared-host-health': sharedHostHealth,
  '019-audit-log': auditLog,
  '021-dataset-filters': datasetFilters,
  '022-follows': follows,
  '022b-access-tokens': accessTokens,
  '022c-feed-tokens': feedTokens,
  '024-image-tags': imageTags,
  '024b-selection-exports': selectionExports,
  '025-notifications': notifications,
  '026-dataset-options': datasetOptions,
  '027-downloads-that-stay': downloadsThatStay,
  '028-quota-notices': quotaNotices,
  '029-challenge-backoff': challengeBackoff,
  '030-work-titles': workTitles,
  '031-shares': shares,
  '032-review-drafts': reviewDrafts,
  '033-library-episodes': libraryEpisodes,
};
