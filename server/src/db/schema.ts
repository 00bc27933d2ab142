import type {
  UsersTable,
  SessionsTable,
  PasswordResetsTable,
  RateLimitsTable,
  UserSettingsTable,
  AccessTokensTable,
  FeedTokensTable,
  AuditLogTable,
} from './tables/accounts';
import type {
  ListingsTable,
  WorksTable,
  WorkTitlesTable,
  EpisodesTable,
  ImageIndexTable,
  CachedImagesTable,
  CacheTotalsTable,
  LibraryEpisodesTable,
  CacheGenerationTable,
  HistoryTable,
  RecentSearchesTable,
} from './tables/browse';
import type { DownloadsTable } from './tables/downloads';
import type {
  FavoriteWorksTable,
  FavoriteEpisodesTable,
  FavoriteImagesTable,
  FollowedWorksTable,
  FollowedEpisodesTable,
  FollowsTable,
} from './tables/favorites';
import type {
  UpstreamHostsTable,
  UpstreamFetchesTable,
  UpstreamCredentialsTable,
  ListingCrawlsTable,
  ImageHostsTable,
  UpstreamRequestCountsTable,
} from './tables/upstream';
import type { ImageTagsTable } from './tables/datasets';
import type { NotificationChannelsTable, NotificationOutboxTable } from './tables/notifications';
import type { ShareImagesTable, SharesTable } from './tables/shares';
import type { ReviewDraftsTable } from './tables/review-drafts';

export type * from './tables/accounts';
export type * from './tables/browse';
export type * from './tables/downloads';
export type * from './tables/favorites';
export type * from './tables/upstream';
export type * from './tables/datasets';
export type * from './tables/notifications';
export type * from './tables/shares';
export type * from './tables/review-drafts';

/**
 * Every table, by name. The tables' rows are typed per capability in `tables/`. Timestamps are
 * ISO-8601 UTC strings (sortable as text on both dialects); booleans are 0/1.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  listings: ListingsTable;
  works: WorksTable;
  work_titles: WorkTitlesTable;
  episodes: EpisodesTable;
  image_index: ImageIndexTable;
  cached_images: CachedImagesTable;
  user_settings: UserSettingsTable;
  history: HistoryTable;
  recent_searches: RecentSearchesTable;
  downloads: DownloadsTable;
  cache_generation: CacheGenerationTable;
  cache_totals: CacheTotalsTable;
  library_episodes: LibraryEpisodesTable;
  upstream_hosts: UpstreamHostsTable;
  upstream_fetches: UpstreamFetchesTable;
  upstream_credentials: UpstreamCredentialsTable;
  listing_crawls: ListingCrawlsTable;
  favorite_works: FavoriteWorksTable;
  favorite_episodes: FavoriteEpisodesTable;
  favorite_images: FavoriteImagesTable;
  audit_log: AuditLogTable;
  image_hosts: ImageHostsTable;
  followed_works: FollowedWorksTable;
  followed_episodes: FollowedEpisodesTable;
  follows: FollowsTable;
  access_tokens: AccessTokensTable;
  feed_tokens: FeedTokensTable;
  upstream_request_counts: UpstreamRequestCountsTable;
  image_tags: ImageTagsTable;
  notification_channels: NotificationChannelsTable;
  notification_outbox: NotificationOutboxTable;
  shares: SharesTable;
  share_images: ShareImagesTable;
  review_drafts: ReviewDraftsTable;
}
