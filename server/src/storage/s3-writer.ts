import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectWriter } from './object-store';

/** S3 takes parts of 5 MiB at least and 10,000 of them at most: 8 MiB parts allow 78 GiB. */
const PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts uploading while the next one fills: the writer holds this many part buffers plus one. */
const PARTS_IN_FLIGHT = 2;
/** The first buffer's smallest size: it grows as it fills, so a small object never takes 8 MiB. */
const FIRST_BUFFER = 64 * 1024;

/**
 * A streamed write: a multipart upload fed part by part (a single PUT when it stays under one
 * part). What is written is copied into part buffers that are reused once their part is in, so a
 * write of any length holds three of them (the first grows to a part's size as it fills) and
 * makes no garbage: memory stays flat without waiting for collections. Not `@aws-sdk/lib-storage`'s
 * Upload: from a stream it joins every part into a new buffer (Buffer.concat), a gigabyte of
 * garbage per 1 GB archive that V8 frees only at a collection, and it takes no buffers of ours; a
 * node writing a 1 GB archive peaked at 243–255 MB with it, 178–195 MB with this
 * (bench/scale-out.ts --only 4).
 */
export class UploadWriter implements ObjectWriter {
  /** The part being filled (null between parts), and how much of it is. */
  private part: Buffer | null = null;
  private filled = 0;
  /** Buffers of parts uploaded, for the next ones. */
  private readonly spare: Buffer[] = [];
  /** Parts being uploaded; these promises never reject (a failure is kept in `failure`). */
  private readonly sending = new Set<Promise<void>>();
  private readonly uploaded: CompletedPart[] = [];
  private parts = 0;
  private uploadId: Promise<string> | null = null;
  private failure: Error | null = null;
  private discarding: Promise<void> | null = null;
  private bytes = 0;
  private over = false;
  /** Ends the parts in flight when the write is given up. */
  private readonly inFlight = new AbortController();
  private readonly onAbort = () => void this.abort();

  constructor(
    private readonly client: S3Client,
    private readonly params: { Bucket: string; Key: string },
    private readonly failed: (error: unknown) => Error,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  async write(chunks: Buffer[]): Promise<void> {
    this.checkOpen();
    let left = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.length;) {
        const part = await this.room(left);
        const copied = chunk.copy(part, this.filled, at);
        at += copied;
        left -= copied;
        this.filled += copied;
        this.bytes += copied;
        if (this.filled === PART_SIZE) this.send();
      }
    }
  }

  async commit(): Promise<number> {
    this.checkOpen();
    this.finish();
    try {
      if (this.parts === 0) {
        const Body = (this.part ?? Buffer.alloc(0)).subarray(0, this.filled);
        await this.client.send(new PutObjectCommand({ ...this.params, Body }));
      } else {
        if (this.filled > 0) this.send();
        await Promise.all(this.sending);
        if (this.failure) throw this.failure;
        const UploadId = await this.uploadId!;
        const Parts = this.uploaded.toSorted((a, b) => a.PartNumber! - b.PartNumber!);
        await this.client.send(
          new CompleteMultipartUploadCommand({
            ...this.params,
            UploadId,
            MultipartUpload: { Parts },
          }),
        );
      }
    } catch (error) {
      this.failure ??= this.failed(error);
      await this.discard();
      throw this.failure;
    } finally {
      this.part = null;
      this.spare.length = 0;
    }
    return this.bytes;
  }

  async abort(): Promise<void> {
    if (this.over) return;
    this.finish();
    await this.discard();
  }

  /** The part buffer with room for more, after waiting for one in flight when they all are. */
  private async room(wanted: number): Promise<Buffer> {
    this.checkOpen();
    if (this.part && this.filled < this.part.length) return this.part;
    if (this.part) {
      // The first part's buffer, full before the part is: it grows.
      const size = Math.min(PART_SIZE, Math.max(this.part.length * 2, this.filled + wanted));
      const larger = Buffer.allocUnsafeSlow(size);
      this.part.copy(larger, 0, 0, this.filled);
      return (this.part = larger);
    }
    while (this.sending.size >= PARTS_IN_FLIGHT) await Promise.race(this.sending);
    this.checkOpen();
    const first = this.parts === 0 && Math.min(PART_SIZE, Math.max(FIRST_BUFFER, wanted));
    this.part = this.spare.pop() ?? Buffer.allocUnsafeSlow(first || PART_SIZE);
    return this.part;
  }

  /** Starts uploading the part filled so far; its buffer is reused once it is in. */
  private send(): void {
    const buffer = this.part!;
    const body = buffer.subarray(0, this.filled);
    this.part = null;
    this.filled = 0;
    const PartNumber = ++this.parts;
    const sent: Promise<void> = this.uploadPart(PartNumber, body)
      .then(
        (part) => {
          this.uploaded.push(part);
          if (buffer.length === PART_SIZE) this.spare.push(buffer);
        },
        (error: unknown) => {
          // The parts a failure or an abort ends say nothing more: the first failure is the answer.
          if (this.inFlight.signal.aborted) return;
          this.failure ??= this.failed(error);
          void this.discard();
        },
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  private async uploadPart(PartNumber: number, Body: Buffer): Promise<CompletedPart> {
    if (PartNumber > MAX_PARTS)
      throw new Error(`more than ${MAX_PARTS} parts of ${PART_SIZE} bytes`);
    const UploadId = await this.started();
    const answer = await this.client.send(
      new UploadPartCommand({ ...this.params, UploadId, PartNumber, Body }),
      { abortSignal: this.inFlight.signal },
    );
    if (!answer.ETag) throw new Error(`part ${PartNumber}: no ETag in the answer`);
    const { ETag, ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 } =
      answer;
    return {
      PartNumber,
      ETag,
      ...{ ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 },
    };
  }

  /** The multipart upload, created by the first part (not ended by an abort: its id is needed). */
  private started(): Promise<string> {
    this.uploadId ??= (async () => {
      // As lib-storage does: with S3_CHECKSUMS=when_supported, the parts carry CRC32s.
      const checksums = await this.client.config.requestChecksumCalculation();
      const { UploadId } = await this.client.send(
        new CreateMultipartUploadCommand({
          ...this.params,
          ...(checksums === 'WHEN_SUPPORTED' && { ChecksumAlgorithm: 'CRC32' }),
        }),
      );
      if (!UploadId) throw new Error('no UploadId in the answer to CreateMultipartUpload');
      return UploadId;
    })();
    return this.uploadId;
  }

  /** Ends the parts in flight and the multipart upload: nothing of the write is left. */
  private discard(): Promise<void> {
    this.discarding ??= (async () => {
      this.inFlight.abort();
      await Promise.all(this.sending);
      this.part = null;
      this.spare.length = 0;
      const UploadId = await this.uploadId?.catch(() => undefined);
      if (UploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ ...this.params, UploadId }))
          .catch(() => {});
      }
    })();
    return this.discarding;
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
