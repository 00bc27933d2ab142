import { Email, passwordMessages, passwordProblem } from '@capshelf/contract';

/** First message of a failed schema parse: forms show one problem at a time. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? '输入无效';
}

/** Problem with an email field, or null; the blank message differs per screen (spec §5). */
export function emailProblem(email: string, blankMessage: string): string | null {
  if (email.trim() === '') return blankMessage;
  const parsed = Email.safeParse(email);
  return parsed.success ? null : firstIssue(parsed.error);
}

/** Problem with a new password and its confirmation, or null (reset and change password). */
export function newPasswordProblem(password: string, repeat: string): string | null {
  return passwordProblem(password) ?? (password === repeat ? null : passwordMessages.mismatch);
}
