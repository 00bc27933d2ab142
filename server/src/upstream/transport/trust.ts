import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootCertificates } from 'node:tls';

/** Reads UPSTREAM_CA_FILE: PEM certificates to trust on top of the usual roots. */
export function readExtraCa(file: string): string {
  const pem = readFileSync(file, 'utf8');
  try {
    new X509Certificate(pem);
  } catch {
    throw new Error(`UPSTREAM_CA_FILE ${file} holds no PEM certificate`);
  }
  return pem;
}

/** The usual roots plus the extra CA, for transports that take the certificates themselves. */
export function trustedCertificates(extraCa: string): string[] {
  return [...rootCertificates, extraCa];
}

let installedBundle: string | null = null;

/**
 * impit (rustls) reads its trust store once per process from `SSL_CERT_FILE`, at the first TLS
 * handshake, and offers no option for it. So the bundle (Node's roots plus the extra CA) is written
 * once and named there before any impersonated request; a second, different CA in the same
 * process could never take effect, and is refused rather than silently ignored.
 */
export function installProcessTrust(extraCa: string): void {
  const digest = createHash('sha256').update(extraCa).digest('hex').slice(0, 16);
  const bundle = path.join(os.tmpdir(), `capshelf-trust-${digest}.pem`);
  if (installedBundle === bundle) return;
  if (installedBundle !== null) {
    throw new Error('UPSTREAM_CA_FILE can name one CA per process (its trust store is fixed)');
  }
  const temporary = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temporary, trustedCertificates(extraCa).join('\n'));
  renameSync(temporary, bundle);
  process.env.SSL_CERT_FILE = bundle;
  installedBundle = bundle;
}
