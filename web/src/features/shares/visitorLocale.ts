import { useEffect } from 'react';
import { i18n, LOCALE_KEY } from '../../i18n';

/**
 * A share's visitor has no account: the page speaks their browser's language, unless they chose
 * one in this browser before. Nothing is stored.
 */
export function useVisitorLocale() {
  useEffect(() => {
    if (localStorage.getItem(LOCALE_KEY)) return;
    const wanted = navigator.languages.some((tag) => tag.toLowerCase().startsWith('zh'))
      ? 'zh-CN'
      : 'en';
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, []);
}
