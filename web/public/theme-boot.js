// Runs before the page's bundle (a blocking classic script, allowed by the CSP's script-src 'self'):
// paints the theme last used in this browser, or the system's, so no wrong theme flashes on load.
// Kept in step with web/src/features/theme/theme.ts (same storage key and attribute).
(function () {
  var root = document.documentElement;
  var theme = null;
  try {
    theme = localStorage.getItem('capshelf.theme');
  } catch {
    // Storage may be blocked; the system's preference still applies.
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' &&
      !!window.matchMedia &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
