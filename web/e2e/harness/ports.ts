/** Fixed loopback ports of the end-to-end stack (the config and the specs both read them). */
export const APP_PORT = 8765;
export const CONTROL_PORT = 8766;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'AdminPass123' };
