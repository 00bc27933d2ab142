/** The search field of a page: the search landmark's input (the search page's query field). */
const SEARCH_FIELD = '[role="search"] input[type="search"]';
/** How long a lazily loaded search page may take to show its field after `/`. */
const ARRIVAL_TIMEOUT_MS = 10_000;

function focusField(field: HTMLInputElement) {
  field.focus();
  // Typing replaces the last query.
  field.select();
}

/**
 * `/`: focuses the page's search field; a page without one goes to the search page (`go`) and
 * its field is focused when it appears. Returns a cancel for the wait.
 */
export function focusSearch(go: () => void): () => void {
  const present = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
  if (present) {
    focusField(present);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
    if (field) {
      stop();
      focusField(field);
    }
  });
  const timer = setTimeout(() => stop(), ARRIVAL_TIMEOUT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  go();
  return stop;
}
