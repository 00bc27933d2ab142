import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startHardeningApp, type HardeningApp } from './fixture';
import { DOCUMENTED_PUBLIC_ROUTES, OWNER, inputsOf, routeKey, sampleRequest } from './routes';

/** The route-matrix test files' app, a stranger and the owner's session cookie; bound by `useMatrixApp`. */
export let h: HardeningApp;
export let stranger: { authorization: string };
export let sessionCookie: string;

export function useMatrixApp() {
  beforeAll(async () => {
    h = await startHardeningApp();
    stranger = await h.t.userHeaders('stranger@example.com');
    const login = await h.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: OWNER });
    sessionCookie = String(login.headers['set-cookie']).split(';')[0]!;
  });
  afterAll(async () => {
    await h?.t.close();
  });
}

export const inject = (request: InjectOptions) => h.t.app.inject(request);
export const sample = (key: string) => {
  const route = h.routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key}`);
  return sampleRequest(route, inputsOf(h.table, route));
};
export const isPublic = (key: string) => DOCUMENTED_PUBLIC_ROUTES.includes(key);
export const protectedRoutes = () => h.routes.filter((r) => !isPublic(routeKey(r)));
