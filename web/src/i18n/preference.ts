import { Locale } from '@capshelf/contract';
import { applyLocale } from './index';

/**
 * Set when the login page's switch is used: the choice is this browser's latest explicit one and
 * is sent to the server at the next login (then cleared). Without it the server's value applies.
 */
export const LOGIN_CHOICE_KEY = 'capshelf.locale.chosen';

/** The languages by their own names: shown untranslated, as every language switch does. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };

/** The login page's switch: show the page in `locale` now and send it to the server at login. */
export function chooseLocaleBeforeLogin(locale: Locale): void {
  applyLocale(locale);
  localStorage.setItem(LOGIN_CHOICE_KEY, locale);
}

/** The login page's pending choice (then forgotten), or null when none was made since the last login. */
export function takeLoginChoice(): Locale | null {
  const parsed = Locale.safeParse(localStorage.getItem(LOGIN_CHOICE_KEY));
  localStorage.removeItem(LOGIN_CHOICE_KEY);
  return parsed.success ? parsed.data : null;
}
