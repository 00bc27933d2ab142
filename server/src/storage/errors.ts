/**
 * The store has no room left: a full disk (ENOSPC, EDQUOT) or a bucket refusing with 507 or a
 * quota answer. It carries `code: 'ENOSPC'`, so the server answers it as it does a full disk (507).
 */
export class StoreFullError extends Error {
  readonly code = 'ENOSPC';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreFullError';
  }
}

/** The store could not be reached, or kept failing, after every retry. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The start-up check failed because of a setting: `setting` names it (`S3_BUCKET`,
 * `S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY`, `S3_ENDPOINT`, `DATA_DIR`, …) and `message` is one line
 * saying what is wrong, never a secret.
 */
export class StoreSettingError extends Error {
  constructor(
    readonly setting: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreSettingError';
  }
}
