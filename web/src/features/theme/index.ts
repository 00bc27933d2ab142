export {
  DARK_QUERY,
  THEME_KEY,
  paintScheme,
  resolveScheme,
  storedTheme,
  useApplyTheme,
} from './theme';
export type { Scheme } from './theme';
export { ThemeSync } from './ThemeSync';
