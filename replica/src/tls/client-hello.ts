/** What a bot manager reads from a TLS ClientHello before any HTTP is spoken. */
export interface ClientHello {
  /** Offered cipher suites in order, GREASE values left out (browsers randomise those). */
  ciphers: number[];
  /** ALPN protocols offered (`h2`, `http/1.1`), empty when the extension is absent. */
  alpn: string[];
}

const HANDSHAKE_RECORD = 0x16;
const CLIENT_HELLO = 0x01;
const ALPN_EXTENSION = 0x0010;

const isGrease = (value: number) => (value & 0x0f0f) === 0x0a0a && value >> 8 === (value & 0xff);

/**
 * Parses the first TLS record: 'incomplete' while more bytes are needed, null when the bytes are
 * no ClientHello (plain HTTP on a TLS port, garbage).
 */
export function parseClientHello(data: Buffer): ClientHello | 'incomplete' | null {
  if (data.length < 5) return 'incomplete';
  if (data[0] !== HANDSHAKE_RECORD) return null;
  const end = 5 + data.readUInt16BE(3);
  if (data.length < end) return 'incomplete';
  try {
    return readHello(data.subarray(5, end));
  } catch {
    return null;
  }
}

function readHello(record: Buffer): ClientHello | null {
  if (record[0] !== CLIENT_HELLO) return null;
  // Handshake header (4), client version (2), random (32), then the session id.
  let at = 4 + 2 + 32;
  at += 1 + record.readUInt8(at);
  const cipherBytes = record.readUInt16BE(at);
  at += 2;
  const ciphers: number[] = [];
  for (let i = 0; i < cipherBytes; i += 2) {
    const cipher = record.readUInt16BE(at + i);
    if (!isGrease(cipher)) ciphers.push(cipher);
  }
  at += cipherBytes;
  at += 1 + record.readUInt8(at);
  const alpn: string[] = [];
  if (at + 2 > record.length) return { ciphers, alpn };
  const extensionsEnd = at + 2 + record.readUInt16BE(at);
  at += 2;
  while (at + 4 <= extensionsEnd) {
    const type = record.readUInt16BE(at);
    const length = record.readUInt16BE(at + 2);
    if (type === ALPN_EXTENSION) {
      let entry = at + 4 + 2;
      while (entry < at + 4 + length) {
        const size = record.readUInt8(entry);
        alpn.push(record.toString('latin1', entry + 1, entry + 1 + size));
        entry += 1 + size;
      }
    }
    at += 4 + length;
  }
  return { ciphers, alpn };
}
