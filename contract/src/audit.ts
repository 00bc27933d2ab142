import { z } from 'zod';

/**
 * The admin's audit log (`GET /api/admin/audit`): who did what to whom, newest first, a page at a
 * time. Admin-only; the command line and the server itself (cache eviction) appear without an actor.
 */
export const AuditAction = z.enum([
  'user.create',
  'user.role',
  'user.disable',
  'user.enable',
  'user.password_reset',
  /** An admin changed their own e-mail (the address reset links go to). */
  'user.email',
  'token.create',
  'token.revoke',
  'clearance.paste',
  'clearance.clear',
  'cache.delete',
  'cache.evict',
  /** A work's Chinese name corrected or removed (issue 37). */
  'title.correct',
  'title.remove',
  /** Share links (issue 38): by their owner, and a visitor's unlock and download. */
  'share.create',
  'share.change',
  'share.revoke',
  'share.unlock',
  'share.download',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditSource = z.enum(['web', 'cli', 'system']);
export type AuditSource = z.infer<typeof AuditSource>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The admin who acted through the page; null from the command line or the server itself. */
  actor: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  source: AuditSource,
  action: AuditAction,
  /** What was acted on, as it was named then (an account's email, an episode, the clearance). */
  target: z.string(),
  /** The particulars (a role's old and new value, how many files); never a secret. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPageQuery = z.object({
  /** The `next_before` of the previous page; omitted for the newest entries. */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditPageQuery = z.input<typeof AuditPageQuery>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;
