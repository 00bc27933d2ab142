export declare const root: string;
export declare function ensureDependencies(): Promise<void>;
export declare function ensureChromium(): Promise<void>;
