export declare const root: string;
export declare const CHROMIUM: string;
export declare const CHROMIUM_HEADLESS_SHELL: string;
import type { spawn } from 'node:child_process';

export declare function installDependencies(
  launch?: typeof spawn,
): Promise<{ nativeAddon: Promise<void> }>;
export declare function ensureDependencies(launch?: typeof spawn): Promise<void>;
export declare function ensureChromium(): Promise<boolean>;
export declare function ensurePostgres(): Promise<boolean>;
export declare function ensureUnzip(): Promise<boolean>;
