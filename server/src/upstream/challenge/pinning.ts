import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { trustedCertificates } from '../transport/trust';

const HANDSHAKE_MS = 10_000;

/**
 * UPSTREAM_CA_FILE for the solver, for the source host only: Node checks the host's certificate
 * against the usual roots plus the extra CA, name included, and returns the SHA-256 of its
 * public key (base64) for Chromium's `--ignore-certificate-errors-spki-list`. Chromium then
 * accepts that one key and nothing else it could not verify itself: a certificate for another
 * name, or a self-signed one, is refused by this check and never reaches the browser.
 */
export function pinnedKey(url: URL, extraCa: string): Promise<string> {
  const port = Number(url.port || 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port,
      servername: isIP(host) ? undefined : host,
      ca: trustedCertificates(extraCa),
      ALPNProtocols: ['h2', 'http/1.1'],
      timeout: HANDSHAKE_MS,
    });
    socket.once('secureConnect', () => {
      const key = socket.getPeerCertificate().pubkey;
      socket.destroy();
      if (!key) reject(new Error(`${url.host} presented no public key`));
      else resolve(createHash('sha256').update(key).digest('base64'));
    });
    socket.once('timeout', () =>
      socket.destroy(new Error(`TLS handshake with ${url.host} timed out`)),
    );
    socket.once('error', reject);
  });
}
