import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers from helmet, built once: @fastify/helmet constructs the middleware on every
 * request, which showed up in the image route's profile. The headers themselves are helmet's.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const applyHeaders = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/** helmet's middleware with this app's policy; also applied to the router's errors, which skip hooks. */
export function securityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // A LAN install over plain http must not have its own assets upgraded to https.
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https,
  });
}
