export declare const root: string;
export declare const CHROMIUM: string;
export declare function installDependencies(): Promise<{ nativeAddon: Promise<void> }>;
export declare function ensureDependencies(): Promise<void>;
export declare function ensureChromium(): Promise<boolean>;
export declare function ensurePostgres(): Promise<boolean>;
export declare function ensureUnzip(): Promise<boolean>;
