import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  CHALLENGE_REASON_TEXT,
  DEFAULT_LOCALE,
  Locale,
  validationMessages,
} from '@capshelf/contract';

/**
 * The page's messages, one catalogue per language and namespace: `locales/<lng>/<ns>.json`
 * (a namespace per capability folder). Bundled, so the first render is already translated.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

export type Catalogues = Record<Locale, Record<string, Record<string, unknown>>>;

export const catalogues: Catalogues = { 'zh-CN': {}, en: {} };
for (const [file, messages] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  catalogues[lng as Locale][ns!] = messages;
}
// Texts the contract already holds in Chinese are not copied into the Chinese catalogues: the
// contract's messages are `validation` (en/validation.json translates the same keys) and its
// challenge reasons are `siteHealth:reason`.
const zh = catalogues[DEFAULT_LOCALE];
zh.validation = { ...validationMessages, ...zh.validation };
zh.siteHealth = { ...zh.siteHealth, reason: CHALLENGE_REASON_TEXT };

/** The language chosen in this browser before login (the login page's switch). */
export const LOCALE_KEY = 'capshelf.locale';

export function storedLocale(): Locale {
  const parsed = Locale.safeParse(localStorage.getItem(LOCALE_KEY));
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources: catalogues,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Locale.options,
  ns: Object.keys(catalogues[DEFAULT_LOCALE]),
  defaultNS: 'common',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Shows the page in `locale` and remembers it in this browser (for the login page next time). */
export function applyLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_KEY, locale);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

export { i18n };
