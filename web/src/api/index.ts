export { apiRequest, LOGOUT_EVENT } from './client';
export { ApiError, errorMessage, isRecord } from './errors';
export { createQueryClient } from './queryClient';
export * from './auth';
export * from './favorites';
export * from './browse';
export * from './images';
export * from './downloads';
export * from './library';
