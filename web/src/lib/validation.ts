import { DEFAULT_LOCALE, Email, messageKey, passwordProblem } from '@capshelf/contract';
import { i18n } from '../i18n';

/**
 * A message of the contract's schemas in the page's language: its `validation` key translated;
 * an unknown text stays as is in Chinese and becomes the generic "invalid input" elsewhere.
 */
export function contractMessage(text: string): string {
  const key = messageKey(text);
  if (key) return i18n.t(`validation:${key}`);
  return i18n.language === DEFAULT_LOCALE ? text : i18n.t('validation:invalid');
}

/** First message of a failed schema parse: forms show one problem at a time. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  const message = error.issues[0]?.message;
  return message ? contractMessage(message) : i18n.t('validation:invalid');
}

/** Problem with an email field, or null; the blank message differs per screen. */
export function emailProblem(email: string, blankMessage: string): string | null {
  if (email.trim() === '') return blankMessage;
  const parsed = Email.safeParse(email);
  return parsed.success ? null : firstIssue(parsed.error);
}

/** The password rule's problem in the page's language, or null. */
export function passwordRuleProblem(password: string): string | null {
  const problem = passwordProblem(password);
  return problem ? i18n.t(`validation:${problem}`) : null;
}

/** Problem with a new password and its confirmation, or null (reset and change password). */
export function newPasswordProblem(password: string, repeat: string): string | null {
  return (
    passwordRuleProblem(password) ??
    (password === repeat ? null : i18n.t('validation:passwordMismatch'))
  );
}

/** What a form's check found: the one problem to show, or the valid request to send. */
export type Checked<T> = { problem: string } | { valid: T };

/** A failed check, or the request when there is no problem. */
export function checked<T>(problem: string | null, valid: T): Checked<T> {
  return problem ? { problem } : { valid };
}

/** A schema's parse as a form's check: its first issue, or the parsed request. */
export function checkedParse<T>(
  result: { success: true; data: T } | { success: false; error: Parameters<typeof firstIssue>[0] },
): Checked<T> {
  return result.success ? { valid: result.data } : { problem: firstIssue(result.error) };
}
