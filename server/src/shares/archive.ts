import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Kind } from '../config';
import { writeZip } from '../downloads';
import type { ImageStore } from '../images';
import type { Logger } from '../logger';
import type { ObjectStore, ObjectWriter } from '../storage';

/** An archive written straight into the answer: bytes go out as they are made, nothing is kept. */
function streamWriter(stream: PassThrough): ObjectWriter {
  let bytes = 0;
  return {
    async write(chunks) {
      for (const chunk of chunks) {
        bytes += chunk.length;
        // The writer reuses its buffers once this resolves: the stream gets copies.
        if (!stream.write(Buffer.from(chunk))) await once(stream, 'drain');
      }
    },
    async commit() {
      stream.end();
      return bytes;
    },
    async abort() {
      stream.destroy(new Error('archive aborted'));
    },
  };
}

/**
 * A ZIP of a share's images (the large size), fetched first where the cache lacks them (charged to
 * the share's owner by the caller), then streamed; a failure midway cuts the answer short.
 */
export async function shareArchive(
  deps: { images: ImageStore; storage: ObjectStore; logger: Logger },
  images: readonly { kind: Kind; id: number }[],
): Promise<PassThrough> {
  const entries = [];
  for (const [position, image] of images.entries()) {
    const stored = await deps.images.get(image.kind, image.id, 'large');
    const name = `${String(position + 1).padStart(4, '0')}_${image.id}.jpg`;
    const refetch = () => deps.images.get(image.kind, image.id, 'large');
    entries.push({ name, key: stored.key, bytes: stored.bytes, refetch });
  }
  const stream = new PassThrough();
  writeZip({ output: streamWriter(stream), store: deps.storage, entries }).catch(
    (error: unknown) => {
      deps.logger.warn({ err: error }, 'a share archive stopped midway');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return stream;
}
