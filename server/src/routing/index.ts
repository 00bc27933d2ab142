export { serve, type HandlerOf, type RequestOf, type RouteSettings } from './serve';
