import type { TokenScope } from '@capshelf/contract';

/** Reads the page makes with POST (a search, an episode list): a read token may make them. */
const POST_READS = new Set(['/api/search', '/api/episodes']);

/**
 * The scope a personal access token needs for a route, or null when no token may call it:
 * account and admin calls (a token must never change the account, make another token or act as
 * an admin), and the page's own bookkeeping (recent searches, views, display preferences).
 */
export function requiredScope(route: {
  method: string;
  url: string;
  access: 'public' | 'user' | 'admin';
}): TokenScope | null {
  const { method, access } = route;
  const url = route.url.replace(/(.)\/$/, '$1');
  if (access !== 'user' || url.startsWith('/api/auth/') || url.startsWith('/api/admin/')) {
    return null;
  }
  // Notification channels hold webhook secrets and make the server send requests: a session only.
  if (url.startsWith('/api/notifications/')) return null;
  if (url === '/api/download' || url.startsWith('/api/download/')) return 'download';
  if (method === 'GET' || method === 'HEAD' || POST_READS.has(url)) return 'read';
  if (/^\/api\/(favorites|follows)(\/|$)/.test(url)) return 'favorites';
  return null;
}
