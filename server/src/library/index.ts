export { HistoryService, type HistoryVisit } from './history';
