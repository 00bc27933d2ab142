import pino from 'pino';

export type Logger = pino.Logger;

/** Query parameters whose values are secrets (the reset link's token), cut from logged URLs. */
const SECRET_QUERY = /([?&](?:token|access_token)=)[^&#]*/gi;
/** A personal feed's address is its secret (`/feeds/<token>.atom`). */
const FEED_PATH = /(\/feeds\/)[^/?#]+(\.atom)/gi;

/**
 * Secrets never reach the log, at any level: credentials in headers, tokens and passwords in
 * logged objects (pino `redact`), and tokens in request URLs (a reset link's `?token=`).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.token',
          '*.access_token',
          '*.password',
          '*.current_password',
          '*.new_password',
          'token',
          'access_token',
          'password',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method?: string; url?: string; headers?: Record<string, unknown> }) => ({
          method: req.method,
          url: req.url?.replace(SECRET_QUERY, '$1[redacted]').replace(FEED_PATH, '$1[redacted]$2'),
        }),
      },
    },
    destination,
  );
}
