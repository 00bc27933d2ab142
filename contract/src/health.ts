import { z } from 'zod';

/** What a process of the deployment does (the server's ROLE setting). */
export const ServerRole = z.enum(['all', 'web', 'worker']);
export type ServerRole = z.infer<typeof ServerRole>;

/** `GET /api/health`: the process is up, and which role it plays (load balancers, orchestrators). */
export const HealthResponse = z.object({ status: z.literal('ok'), role: ServerRole });
export type HealthResponse = z.infer<typeof HealthResponse>;
