export { apiRequest, LOGOUT_EVENT } from './client';
export { ApiError, errorMessage } from './errors';
export { createQueryClient } from './queryClient';
export * from './auth';
export * from './favorites';
export * from './browse';
export * from './images';
