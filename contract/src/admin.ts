import { z } from 'zod';
import { validationMessages } from './messages';
import { Email, NewPassword, Role, User, Username } from './auth';

/**
 * Admin user management (`/api/admin/users`): the same operations as `npm run users`, over HTTP.
 * Enabled/disabled is a word, not a boolean, so no stray `true` can flip an account.
 */
export const AccountStatus = z.enum(['active', 'disabled']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const AdminUser = User.extend({ status: AccountStatus });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ users: z.array(AdminUser) });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const CreateUserRequest = z.object({
  email: Email,
  role: Role.default('user'),
  /** Generated (and answered once) when omitted. */
  password: NewPassword.optional(),
  username: Username.optional(),
  display_name: z.string().trim().max(100, validationMessages.displayNameTooLong).optional(),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

/** A new account, or a reset password: `generated_password` is shown once, null when the admin chose it. */
export const CreateUserResponse = z.object({
  user: AdminUser,
  generated_password: z.string().nullable(),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

export const UpdateUserRequest = z
  .object({ role: Role.optional(), status: AccountStatus.optional() })
  .refine(
    (body) => body.role !== undefined || body.status !== undefined,
    validationMessages.userChangeEmpty,
  );
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/**
 * `current_password` is the acting admin's own: a stolen admin session alone cannot take over
 * another account (another admin's included) by resetting its password.
 */
export const ResetUserPasswordRequest = z.object({
  current_password: z.string().min(1, validationMessages.currentPasswordEmpty).max(256),
  password: NewPassword.optional(),
});
export type ResetUserPasswordRequest = z.input<typeof ResetUserPasswordRequest>;
