import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
  compressionMethod: number;
  /** The CRC-32 the archive records for the entry. */
  crc32: number;
}

/**
 * Reads every entry of a ZIP archive, held in memory or (for one too large for that) in a file,
 * with yauzl: a strict reader, which checks the ZIP64 records a lenient one skips over.
 */
export function readZip(archive: Buffer | string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: yauzl.ZipFile) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              compressionMethod: entry.compressionMethod,
              crc32: entry.crc32,
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    };
    if (typeof archive === 'string') yauzl.open(archive, { lazyEntries: true }, opened);
    else yauzl.fromBuffer(archive, { lazyEntries: true }, opened);
  });
}

/** A JSON Lines file of an archive (metadata.jsonl, hf's train/metadata.jsonl), row by row. */
export function jsonLines(body: Buffer | undefined): Record<string, unknown>[] {
  if (!body) throw new Error('no such JSON Lines file in the archive');
  return body
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
