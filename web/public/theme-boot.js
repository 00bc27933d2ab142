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

  // The browser's bar and an installed app's title bar take the header's colour of the theme
  // shown. index.html's two theme-color metas follow the system's scheme; from here on both carry
  // the colour of data-theme, which features/theme changes when the user picks another theme.
  var BAR = { light: '#ffffff', dark: '#151d2b' };
  function paintBar() {
    var color = root.getAttribute('data-theme') === 'dark' ? BAR.dark : BAR.light;
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', color);
  }
  paintBar();
  if (window.MutationObserver) {
    new MutationObserver(paintBar).observe(root, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  }
})();
