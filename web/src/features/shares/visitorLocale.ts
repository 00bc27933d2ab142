import { useEffect } from 'react';
import { i18n, LOCALE_KEY } from '../../i18n';

/**
 * A share's visitor has no account: the page speaks their browser's language, unless they chose
 * one in this browser before. Nothing is stored.
 */
export function useVisitorLocale() {
  useEffect(() => {
    if (localStorage.getItem(LOCALE_KEY)) return;
    // The browser's first preference decides: an English reader who also reads Chinese gets English.
    const first = navigator.languages[0] ?? navigator.language ?? '';
    const wanted = first.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, []);
}
