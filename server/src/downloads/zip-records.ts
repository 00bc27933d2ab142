/**
 * The records of a store-only ZIP archive (APPNOTE 6.3): local and central headers, the end of
 * the central directory, and their ZIP64 forms for archives past 65,535 entries or 4 GiB.
 */

/** Stored entries are never larger than this: their local header has no room for ZIP64 sizes. */
export const MAX_ENTRY_BYTES = 0xfffffffe;

const U32 = 0xffffffff;
const U16 = 0xffff;
/** Unix `-rw-r--r--` regular file, in the high half of the external attributes. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** General purpose flag: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** "Made by" Unix (3), and the version of the format an entry needs: 2.0, or 4.5 for ZIP64. */
const MADE_BY_UNIX = 3 << 8;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;

/** What the central directory keeps of each entry written. */
export interface Written {
  name: Buffer;
  crc: number;
  bytes: number;
  offset: number;
}

export function localHeader(name: Buffer, crc: number, bytes: number, time: number, date: number) {
  const header = Buffer.allocUnsafe(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_DEFAULT, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(bytes, 18);
  header.writeUInt32LE(bytes, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  name.copy(header, 30);
  return header;
}

/** The entry's central directory record; an offset past 4 GiB goes in a ZIP64 extra field. */
export function centralHeader(entry: Written, time: number, date: number): Buffer {
  const zip64 = entry.offset >= U32;
  const extra = zip64 ? 12 : 0;
  const header = Buffer.allocUnsafe(46 + entry.name.length + extra);
  const version = zip64 ? VERSION_ZIP64 : VERSION_DEFAULT;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX | version, 4);
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.bytes, 20);
  header.writeUInt32LE(entry.bytes, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(zip64 ? U32 : entry.offset, 42);
  entry.name.copy(header, 46);
  if (zip64) {
    const at = 46 + entry.name.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(8, at + 2);
    header.writeBigUInt64LE(BigInt(entry.offset), at + 4);
  }
  return header;
}

/**
 * The end-of-central-directory record, preceded by the ZIP64 record and its locator when the
 * entry count, the directory's size or its offset does not fit the classic fields.
 */
export function endOfArchive(count: number, start: number, size: number, end: number): Buffer {
  const zip64 = count >= U16 || start >= U32 || size >= U32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    record.writeUInt32LE(0, 16); // this disk
    record.writeUInt32LE(0, 20); // the directory's disk
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(end), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(0, 4);
  record.writeUInt16LE(0, 6);
  record.writeUInt16LE(zip64 ? U16 : count, 8);
  record.writeUInt16LE(zip64 ? U16 : count, 10);
  record.writeUInt32LE(zip64 ? U32 : size, 12);
  record.writeUInt32LE(zip64 ? U32 : start, 16);
  record.writeUInt16LE(0, 20); // comment
  parts.push(record);
  return Buffer.concat(parts);
}

/** MS-DOS time and date (local time, two-second steps), as ZIP headers hold them. */
export function dosDateTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const year = Math.max(0, at.getFullYear() - 1980);
  const date = (year << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}
