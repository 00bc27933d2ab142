export { DatasetDrafts } from './service';
export { datasetDraftRoutes } from './routes';
