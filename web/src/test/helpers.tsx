import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import type { HealthResponse, User } from '@capshelf/contract';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { TOKEN_KEY } from '../features/auth';

type Handler = (body: unknown) => Response | Promise<Response>;

/** A JSON answer (no body when `body` is undefined, e.g. 204). */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with a table keyed "METHOD /api/path" (query included); anything else is 404.
 * Returns the mock so tests can inspect calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const handler = handlers[`${init.method ?? 'GET'} ${url}`];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler ? handler(body) : json(404, { detail: '未找到', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const testUser: User = {
  id: 7,
  email: 'alice@example.com',
  username: 'alice',
  display_name: 'Alice',
  role: 'user',
  created_at: '2026-01-02T03:04:05Z',
  locale: 'zh-CN',
  theme: 'system',
};

/** The same user with English chosen: the session shows the page in the user's language. */
export const englishUser: User = { ...testUser, locale: 'en' };

/** The server's /api/health, naming fancaps.net as the source (what rebuilds source URLs). */
export const health: HealthResponse = {
  status: 'ok',
  role: 'all',
  storage: 'local',
  source_origin: 'https://fancaps.net',
};

/** A stored token plus /auth/me and /health answers: the visitor starts signed in. */
export function signedIn(user: User = testUser): Record<string, Handler> {
  localStorage.setItem(TOKEN_KEY, 'test-token');
  return {
    'GET /api/auth/me': () => json(200, user),
    'GET /api/health': () => json(200, health),
  };
}

/** Renders the whole page (providers, layout, routes) at `entry`. */
export function renderApp(entry: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(<App router={router} />);
  return { router, ...view };
}
