import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { AbortMultipartUploadCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectWriter } from './object-store';

/**
 * S3 takes parts of 5 MiB at least and 10,000 of them at most: 8 MiB parts allow 78 GiB. Two in
 * flight keep a streamed write's memory flat (peak RSS is what bench/scale-out.ts measures); with
 * one, lib-storage reports a refused part as its own abort rather than the store's answer.
 */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** A streamed write: a multipart upload fed part by part (a single PUT when it stays small). */
export class UploadWriter implements ObjectWriter {
  private readonly body = new PassThrough();
  private readonly upload: Upload;
  private readonly finished: Promise<void>;
  private failure: Error | null = null;
  private bytes = 0;
  private over = false;
  private readonly onAbort = () => void this.abort();

  constructor(
    private readonly client: S3Client,
    private readonly params: { Bucket: string; Key: string },
    failed: (error: unknown) => Error,
    private readonly signal?: AbortSignal,
  ) {
    this.upload = new Upload({
      client,
      params: { ...params, Body: this.body },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    this.finished = this.upload.done().then(
      () => undefined,
      (error: unknown) => {
        this.failure = failed(error);
        this.body.destroy();
        throw this.failure;
      },
    );
    // Observed by the next write or the commit; never an unhandled rejection meanwhile.
    this.finished.catch(() => {});
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  async write(chunks: Buffer[]): Promise<void> {
    this.checkOpen();
    // A copy: the upload holds what it is given until its part goes out, while the caller may
    // reuse its buffers as soon as this resolves (the ZIP writer's pool does).
    const piece = Buffer.concat(chunks);
    this.bytes += piece.length;
    // A failed upload reads no more: its failure ends the wait for room.
    if (!this.body.write(piece)) await Promise.race([once(this.body, 'drain'), this.finished]);
    if (this.failure) throw this.failure;
  }

  async commit(): Promise<number> {
    this.checkOpen();
    this.finish();
    this.body.end();
    await this.finished;
    return this.bytes;
  }

  async abort(): Promise<void> {
    if (this.over) return;
    this.finish();
    await this.upload.abort().catch(() => {});
    this.body.destroy();
    await this.finished.catch(() => {});
    // The upload aborts its multipart upload too, but only once the parts in flight are done.
    const UploadId = this.upload.uploadId;
    if (UploadId) {
      await this.client
        .send(new AbortMultipartUploadCommand({ ...this.params, UploadId }))
        .catch(() => {});
    }
  }

  private checkOpen(): void {
    this.signal?.throwIfAborted();
    if (this.failure) throw this.failure;
    if (this.over) throw new Error('the write is over');
  }

  private finish(): void {
    this.over = true;
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}
