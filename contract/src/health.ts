import { z } from 'zod';

/** What a process of the deployment does (the server's ROLE setting). */
export const ServerRole = z.enum(['all', 'web', 'worker']);
export type ServerRole = z.infer<typeof ServerRole>;

/**
 * `GET /api/health`: the process is up, which role it plays (load balancers, orchestrators) and
 * where it keeps files (`STORAGE`: every node of a deployment should say `s3`).
 */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  role: ServerRole,
  storage: z.enum(['local', 's3']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
