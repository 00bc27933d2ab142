export declare function findPostgresBin(): string | undefined;
/** A throwaway cluster on loopback (trust auth), or null when no Postgres binaries exist. */
export declare function startThrowawayPostgres(): Promise<{ url: string; stop(): void } | null>;
