export { serve, type HandlerOf, type RequestOf, type RouteSettings } from './serve';
export { sendRangedFile, type RangedFile } from './ranged-file';
