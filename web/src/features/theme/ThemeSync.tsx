import { useSession } from '../auth';
import { useApplyTheme } from './theme';

/** Paints the signed-in user's theme (on any device), or the browser's last one before login. */
export function ThemeSync() {
  const { user } = useSession();
  useApplyTheme(user?.theme);
  return null;
}
