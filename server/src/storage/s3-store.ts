import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { StoreFullError, StoreSettingError, StoreUnavailableError } from './errors';
import { checkKey, checkPrefix } from './keys';
import type { ByteRange, ObjectInfo, ObjectStore, ObjectWriter } from './object-store';
import { failureOf, reasonOf } from './s3-failures';
import { UploadWriter } from './s3-writer';
import type { S3Settings } from './settings';

/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
/** The start-up check gives up on an endpoint that has not answered by then. */
const CHECK_DEADLINE_MS = 10_000;

export interface S3StoreOptions {
  /** Tries per request, the first included; the SDK's standard strategy backs off between them. */
  maxAttempts?: number;
  /** Keys per listing page: S3's maximum unless a test wants pages sooner. */
  pageSize?: number;
}

function clientOf(settings: S3Settings, maxAttempts: number): S3Client {
  const { accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Neither set: the SDK's own chain (AWS_* variables, profile, instance role).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    maxAttempts,
    retryMode: 'standard',
    requestChecksumCalculation: settings.checksums,
    responseChecksumValidation: settings.checksums,
    // A silent endpoint fails its request (and is retried) instead of holding it for ever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
}

/**
 * The objects in an S3-compatible bucket, under `S3_PREFIX`. A PUT and a completed multipart
 * upload replace an object whole, so a reader never sees half of one and of concurrent writers one
 * whole body wins.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3';
  readonly where: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly endpoint: string;
  private readonly pageSize: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly settings: S3Settings,
    options: S3StoreOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.pageSize = options.pageSize ?? 1000;
    this.client = clientOf(settings, this.maxAttempts);
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.endpoint = settings.endpoint ?? `AWS S3 (${settings.region})`;
    this.where = `s3://${settings.bucket}/${settings.prefix} at ${this.endpoint}`;
  }

  /** Reads the bucket, then writes and removes a small object: each failure names its setting. */
  async check(): Promise<void> {
    const client = clientOf(this.settings, Math.min(2, this.maxAttempts));
    const options = () => ({ abortSignal: AbortSignal.timeout(CHECK_DEADLINE_MS) });
    const Key = `${this.prefix}.capshelf-check-${randomBytes(4).toString('hex')}`;
    try {
      await client.send(new HeadBucketCommand({ Bucket: this.bucket }), options());
      await client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: 'capshelf start-up check' }),
        options(),
      );
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }), options());
    } catch (error) {
      throw this.settingError(error);
    } finally {
      client.destroy();
    }
  }

  localPath(): null {
    return null;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const Key = this.keyOf(key);
    await this.run(`put ${key}`, () =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body })),
    );
  }

  async writer(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectWriter> {
    options.signal?.throwIfAborted();
    const params = { Bucket: this.bucket, Key: this.keyOf(key) };
    const failed = (error: unknown) => this.failed(error, `write ${key}`);
    return new UploadWriter(this.client, params, failed, options.signal);
  }

  /** Read into one buffer of the announced length: each piece is let go as soon as it is copied. */
  async get(key: string, options: { into?(bytes: number): Buffer } = {}): Promise<Buffer | null> {
    const answer = await this.getObject(key);
    if (!answer) return null;
    const whole = options.into
      ? options.into(answer.bytes).subarray(0, answer.bytes)
      : Buffer.allocUnsafe(answer.bytes);
    let at = 0;
    for await (const piece of answer.body as AsyncIterable<Buffer>) {
      if (at + piece.length > whole.length) throw new Error(`get ${key}: longer than announced`);
      at += piece.copy(whole, at);
    }
    if (at !== whole.length) throw new Error(`get ${key}: ${at} of ${whole.length} bytes`);
    return whole;
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    return (await this.getObject(key, range))?.body ?? null;
  }

  private async getObject(key: string, range?: ByteRange) {
    const Range = range && `bytes=${range.start}-${range.end}`;
    const Key = this.keyOf(key);
    const answer = await this.orNull(`get ${key}`, () =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key, Range })),
    );
    if (!answer) return null;
    if (!(answer.Body instanceof Readable)) throw new Error(`get ${key}: no body in the answer`);
    return { body: answer.Body, bytes: answer.ContentLength ?? 0 };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const Key = this.keyOf(key);
    const answer = await this.orNull(`head ${key}`, () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key })),
    );
    return answer && { key, bytes: answer.ContentLength ?? 0, modified: answer.LastModified! };
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.run(`list ${prefix}`, () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix || undefined,
            MaxKeys: this.pageSize,
            ContinuationToken,
          }),
        ),
      );
      for (const item of page.Contents ?? []) {
        const key = item.Key!.slice(this.prefix.length);
        yield { key, bytes: item.Size ?? 0, modified: item.LastModified! };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async delete(key: string): Promise<void> {
    const Key = this.keyOf(key);
    await this.run(`delete ${key}`, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })),
    );
  }

  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    let batch: string[] = [];
    for await (const { key } of this.list(prefix)) {
      batch.push(key);
      if (batch.length < DELETE_BATCH) continue;
      removed += await this.deleteBatch(batch);
      batch = [];
    }
    if (batch.length > 0) removed += await this.deleteBatch(batch);
    return removed;
  }

  /** Aborts the multipart uploads under `prefix` started before `olderThanMs` ago. */
  async removeStale(prefix: string, olderThanMs: number): Promise<number> {
    checkPrefix(prefix);
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let marker: { KeyMarker?: string; UploadIdMarker?: string } | null = {};
    while (marker) {
      const page = await this.run(`list uploads ${prefix}`, () =>
        this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ...marker,
          }),
        ),
      );
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Initiated || Initiated.getTime() >= cutoff) continue;
        await this.run(`abort upload ${Key}`, () =>
          this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })),
        );
        removed++;
      }
      marker = page.IsTruncated
        ? { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker }
        : null;
    }
    return removed;
  }

  private keyOf(key: string): string {
    checkKey(key);
    return this.prefix + key;
  }

  private async deleteBatch(keys: string[]): Promise<number> {
    const Objects = keys.map((key) => ({ Key: this.prefix + key }));
    const answer = await this.run(`delete ${keys.length} objects`, () =>
      this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }),
      ),
    );
    const [first, ...more] = answer.Errors ?? [];
    if (first) {
      throw new Error(
        `${this.where}: ${more.length + 1} of ${keys.length} objects not deleted (${first.Key}: ${first.Code})`,
      );
    }
    return keys.length;
  }

  /** The request's answer, its failures as the store's errors. */
  private async run<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.failed(error, what);
    }
  }

  /** As `run`, with null for an object that is not there. */
  private async orNull<T>(what: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (failureOf(error) === 'missing') return null;
      throw this.failed(error, what);
    }
  }

  private failed(error: unknown, what: string): Error {
    const failure = failureOf(error);
    const where = `${what} at ${this.where}`;
    if (failure === 'full') {
      return new StoreFullError(`${where}: no room (${reasonOf(error)})`, { cause: error });
    }
    if (failure === 'unreachable' || failure === 'failing') {
      return new StoreUnavailableError(`${where}: ${reasonOf(error)}`, { cause: error });
    }
    return error instanceof Error ? error : new Error(String(error));
  }

  private settingError(error: unknown): Error {
    const reason = reasonOf(error);
    const setting = (name: string, message: string) =>
      new StoreSettingError(name, `${name}: ${message}`, { cause: error });
    switch (failureOf(error)) {
      case 'missing':
      case 'no-bucket':
        return setting('S3_BUCKET', `no bucket "${this.bucket}" at ${this.endpoint} (${reason})`);
      case 'refused':
        return setting(
          'S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY',
          `${this.endpoint} refused them for bucket "${this.bucket}" (${reason})`,
        );
      case 'region':
        return setting(
          'S3_REGION',
          `bucket "${this.bucket}" is not in "${this.settings.region}" (${reason})`,
        );
      case 'full':
        return this.failed(error, 'check');
      case 'unreachable': {
        // The check's own deadline aborts a request the endpoint never answered.
        const deadline = `no answer in ${CHECK_DEADLINE_MS / 1000} s`;
        const why = (error as Error).name === 'AbortError' ? deadline : reason;
        return setting('S3_ENDPOINT', `cannot reach ${this.endpoint} (${why})`);
      }
      default:
        return setting(
          'S3_ENDPOINT',
          `${this.endpoint} failed the check of bucket "${this.bucket}" (${reason})`,
        );
    }
  }
}
