import { z } from 'zod';
import { StoreSettingError } from './errors';

// Not from config/setting-types: config/ spreads these settings into its schema, and two server
// folders never import each other.
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

/**
 * The storage settings, by environment variable name, for the server's env schema to spread in.
 * `.env.example` documents each one; `checkStorageEnv` holds the rules between them.
 */
export const storageEnv = {
  /** Where what is a file lives: DATA_DIR on this machine, or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  /** Unset: AWS itself; else MinIO, Garage, R2, … (`http://127.0.0.1:9000`). */
  S3_ENDPOINT: optionalText.refine(
    (v) => !v || z.url({ protocol: /^https?$/ }).safeParse(v).success,
    {
      message: 'must be an http(s) URL',
    },
  ),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both, or neither: the SDK's own chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `bucket` in the path, not the host name; unset: on with S3_ENDPOINT (most servers), else off. */
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  /** A folder in the bucket for everything capshelf writes (`capshelf/`), so a bucket can be shared. */
  S3_PREFIX: optionalText.refine((v) => !v || isPrefix(v), {
    message: 'must be a relative folder such as capshelf or shared/capshelf',
  }),
  /**
   * `when_supported` sends and checks CRC checksums on every transfer; `when_required` only where S3
   * demands one, which servers lacking the newer checksums (older MinIO, Ceph, …) need.
   */
  S3_CHECKSUMS: z
    .enum(['when_required', 'when_supported'], {
      message: 'must be when_required or when_supported',
    })
    .default('when_required'),
};

export type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

export type StorageSettings =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** '' or a folder ending in `/`. */
      prefix: string;
      checksums: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED';
    };

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** `capshelf`, `/shared/capshelf/`: segments without `.`, `..` or a backslash. */
function isPrefix(text: string): boolean {
  const segments = text.replace(/^\/+|\/+$/g, '').split('/');
  return !/[\\\0]/.test(text) && segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The rules between settings, as issues for the env schema's `superRefine`. */
export function checkStorageEnv(env: StorageEnv): { path: string; message: string }[] {
  if (env.STORAGE !== 's3') return [];
  const issues: { path: string; message: string }[] = [];
  if (!env.S3_BUCKET) issues.push({ path: 'S3_BUCKET', message: 'required when STORAGE=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    issues.push({
      path: env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither: the SDK finds its own)',
    });
  }
  return issues;
}

/** The store the settings describe; `dataDir` is the local store's root. */
export function storageSettingsOf(env: StorageEnv, dataDir: string): StorageSettings {
  if (env.STORAGE === 'local') return { kind: 'local', root: dataDir };
  if (!env.S3_BUCKET)
    throw new StoreSettingError('S3_BUCKET', 'S3_BUCKET: required when STORAGE=s3');
  const folder = env.S3_PREFIX?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    prefix: folder === '' ? '' : `${folder}/`,
    checksums: env.S3_CHECKSUMS === 'when_supported' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED',
  };
}
