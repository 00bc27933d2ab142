import { z } from 'zod';

/** What a process of the deployment does (the server's ROLE setting). */
export const ServerRole = z.enum(['all', 'web', 'worker']);
export type ServerRole = z.infer<typeof ServerRole>;

/**
 * `GET /api/health`: the process is up, which role it plays (load balancers, orchestrators),
 * where it keeps files (`STORAGE`: every node of a deployment should say `s3`) and the source
 * site's origin (`UPSTREAM_BASE_URL`'s), which the page's /open takes as the source's addresses.
 */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  role: ServerRole,
  storage: z.enum(['local', 's3']),
  source_origin: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
