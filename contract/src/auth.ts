import { z } from 'zod';
import { validationMessages } from './messages';

/** Keys (in `validationMessages`) of the password rule's problems, in the order they are checked. */
export type PasswordProblem = 'passwordEmpty' | 'passwordTooShort' | 'passwordWeak';

/**
 * Password rule shared by the reset page, the profile page and the server: the first rule the
 * password breaks, as a message key (the server answers `validationMessages[key]`), or null.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 8) return 'passwordTooShort';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    return 'passwordWeak';
  }
  return null;
}

export const NewPassword = z
  .string()
  .max(256, validationMessages.passwordTooLong)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: validationMessages[problem] });
  });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, validationMessages.emailTooLong)
  .pipe(z.email(validationMessages.emailInvalid));

export const Role = z.enum(['admin', 'user']);
export type Role = z.infer<typeof Role>;

/** Interface languages; `zh-CN` is the default, `en` the second catalogue. */
export const Locale = z.enum(['zh-CN', 'en']);
export type Locale = z.infer<typeof Locale>;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Colour scheme: `system` follows `prefers-color-scheme`. */
export const Theme = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof Theme>;

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  display_name: z.string().nullable(),
  role: Role,
  created_at: z.string(),
  /** Per-user preferences, applied on every device at login. */
  locale: Locale,
  theme: Theme,
});
export type User = z.infer<typeof User>;

export const LoginRequest = z.object({
  email: z.string().trim().toLowerCase().min(1, validationMessages.credentialsEmpty).max(254),
  password: z.string().min(1, validationMessages.credentialsEmpty).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: User,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const Username = z
  .string()
  .trim()
  .min(1, validationMessages.usernameEmpty)
  .max(50, validationMessages.usernameTooLong)
  .regex(/^[^\s<>"'/\\]+$/, validationMessages.usernameInvalid);

export const UpdateProfileRequest = z.object({
  username: Username.optional(),
  display_name: z.string().trim().max(100, validationMessages.displayNameTooLong).optional(),
  email: Email.optional(),
  /** Required (and checked) when `email` changes: a stolen session must not take the account over. */
  current_password: z.string().max(256).optional(),
  locale: Locale.optional(),
  theme: Theme.optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ChangePasswordRequest = z.object({
  current_password: z.string().min(1, validationMessages.currentPasswordEmpty).max(256),
  new_password: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const StatusResponse = z.object({
  authenticated: z.boolean(),
  user: User.optional(),
});
export type StatusResponse = z.infer<typeof StatusResponse>;

export const ResetRequest = z.object({ email: Email });
export type ResetRequest = z.infer<typeof ResetRequest>;

export const ResetConfirmRequest = z.object({
  token: z
    .string()
    .min(1, validationMessages.resetTokenInvalid)
    .max(200, validationMessages.resetTokenInvalid),
  new_password: NewPassword,
});
export type ResetConfirmRequest = z.infer<typeof ResetConfirmRequest>;

/** The one reset answer, identical whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = '如果该邮箱已注册，我们已发送密码重置邮件，请查收。';
