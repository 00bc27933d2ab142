import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/** The replica's test CA (its PEM and file, for UPSTREAM_CA_FILE) and the certificate it serves. */
export interface TestCertificates {
  caFile: string;
  caPem: string;
  key: string;
  cert: string;
}

const DIR = path.join(os.tmpdir(), 'capshelf-replica-tls');
const VALID_DAYS = 365;
/** Regenerated this long before expiry, so no run ever meets an expiring certificate. */
const RENEW_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

function certificate(
  subject: string,
  publicKey: forge.pki.PublicKey,
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + VALID_DAYS * 24 * 60 * 60 * 1000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setExtensions(extensions);
  return cert;
}

function generate(): Omit<TestCertificates, 'caFile'> {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = certificate('capshelf replica test CA', caKeys.publicKey, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.setIssuer(ca.subject.attributes);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const keys = forge.pki.rsa.generateKeyPair(2048);
  const leaf = certificate('localhost', keys.publicKey, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  leaf.setIssuer(ca.subject.attributes);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    caPem: forge.pki.certificateToPem(ca),
    key: forge.pki.privateKeyToPem(keys.privateKey),
    cert: forge.pki.certificateToPem(leaf),
  };
}

function stillGood(certPem: string): boolean {
  const notAfter = forge.pki.certificateFromPem(certPem).validity.notAfter.getTime();
  return notAfter - Date.now() > RENEW_BEFORE_MS;
}

/**
 * A test CA and a certificate for the loopback names, generated at run time on first use and
 * then kept in the temp directory: every process of a run (and the next run) trusts the same CA,
 * which matters because impit fixes its trust store once per process.
 */
export function testCertificates(): TestCertificates {
  const caFile = path.join(DIR, 'ca.pem');
  const read = () => ({
    caFile,
    caPem: readFileSync(caFile, 'utf8'),
    key: readFileSync(path.join(DIR, 'key.pem'), 'utf8'),
    cert: readFileSync(path.join(DIR, 'cert.pem'), 'utf8'),
  });
  if (existsSync(caFile)) {
    const current = read();
    if (stillGood(current.cert)) return current;
    rmSync(DIR, { recursive: true, force: true });
  }
  const fresh = generate();
  const temporary = `${DIR}.${process.pid}.${Date.now()}`;
  mkdirSync(temporary, { recursive: true });
  writeFileSync(path.join(temporary, 'ca.pem'), fresh.caPem);
  writeFileSync(path.join(temporary, 'key.pem'), fresh.key);
  writeFileSync(path.join(temporary, 'cert.pem'), fresh.cert);
  try {
    renameSync(temporary, DIR);
  } catch {
    // Another process got there first: its set is as good, and everyone must share one CA.
    rmSync(temporary, { recursive: true, force: true });
  }
  return read();
}

/** A self-signed certificate for another name (tests: what a machine in the path would show). */
export function selfSignedCertificate(commonName: string): { key: string; cert: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = certificate(commonName, keys.publicKey, [
    { name: 'subjectAltName', altNames: [{ type: 2, value: commonName }] },
  ]);
  cert.setIssuer(cert.subject.attributes);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return {
    key: forge.pki.privateKeyToPem(keys.privateKey),
    cert: forge.pki.certificateToPem(cert),
  };
}
