export { HistoryService, type VisitInput } from './history';
export { HistoryStore, type HistoryVisit } from './history-store';
export { CacheLibrary } from './cache-library';
export { SearchLibrary } from './search-library';
export { RecentSearches } from './recent-searches';
export { recentSearchRoutes } from './recent-search-routes';

export { createLibrary, type Libraries } from './create';
