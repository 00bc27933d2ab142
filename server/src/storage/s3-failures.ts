/** What an S3 request's failure means for the store. */
export type S3Failure =
  'missing' | 'no-bucket' | 'refused' | 'region' | 'full' | 'unreachable' | 'failing' | 'other';

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  errors?: unknown[];
}

/** Codes of a full bucket besides 507: Ceph answers a quota with 403 QuotaExceeded. */
const FULL = ['InsufficientStorage', 'QuotaExceeded', 'XMinioStorageFull'];
const NO_BUCKET = ['NoSuchBucket', 'InvalidBucketName'];
const REFUSED = [
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
];
const WRONG_REGION = [
  'PermanentRedirect',
  'AuthorizationHeaderMalformed',
  'IllegalLocationConstraintException',
];
/** A connection that failed or went quiet (a deadline counts: the endpoint did not answer). */
const UNREACHABLE = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'TimeoutError',
  'AbortError',
];

/** A connection failure, also inside the AggregateError of a host name with several addresses. */
function isUnreachable(error: SdkError): boolean {
  if (UNREACHABLE.includes(error.code ?? '') || UNREACHABLE.includes(error.name ?? '')) return true;
  return (error.errors ?? []).some((inner) => isUnreachable((inner ?? {}) as SdkError));
}

export function failureOf(error: unknown): S3Failure {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? '';
  if (status === 507 || FULL.includes(name)) return 'full';
  if (NO_BUCKET.includes(name)) return 'no-bucket';
  // A HEAD answer has no body to name its error: 404 is all it says.
  if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return 'missing';
  if (status === 403 || REFUSED.includes(name)) return 'refused';
  if (status === 301 || WRONG_REGION.includes(name)) return 'region';
  if (isUnreachable(e)) return 'unreachable';
  if (status !== undefined && status >= 500) return 'failing';
  return 'other';
}

/** The failure in a few words (its code, its status): never a message that could quote a secret. */
export function reasonOf(error: unknown): string {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  // An answer without a body (to a HEAD) has no code: the SDK names it after the status, or Unknown.
  const name = e.code ?? (e.name === 'Unknown' || e.name === String(status) ? undefined : e.name);
  if (status === undefined) return name ?? 'unknown error';
  return name ? `${name}, HTTP ${status}` : `HTTP ${status}`;
}
