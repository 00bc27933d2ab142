export { loadTitleTable, SHIPPED_TITLES_FILE } from './load';
export { chineseNameOf, yearOf, type TitleEntry, type TitleType } from './entry';
export { TitleIndex, type MatchReason, type TitleMatch } from './title-index';
export { sourceQueriesFor, MAX_SOURCE_QUERIES } from './queries';
export { suggest, MAX_SUGGESTIONS, type TitleSuggestion } from './suggest';
export { romaniseTitle } from './romanise';
export { TitleTable } from './table';
export { TitleSearch } from './search';
export { titleRoutes } from './routes';
