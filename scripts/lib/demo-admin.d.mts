export declare const DEMO_ADMIN: { email: string; password: string };
export declare const DEMO_ADMIN_ENV: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string };
export declare function ensureDemoAdmin(
  env: Record<string, string | undefined> & { DATA_DIR: string },
): Promise<string[][]>;
