/**
 * Throws unless `key` is a `/`-separated relative name that stays inside the store: no leading
 * `/`, no empty, `.` or `..` segment, no backslash (a separator on Windows) and no NUL.
 */
export function checkKey(key: string): void {
  const segments = key.split('/');
  const bad =
    key === '' ||
    /[\\\0]/.test(key) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new Error(`not a store key: ${JSON.stringify(key)}`);
}

/**
 * Throws unless `prefix` could begin a key: empty, or a key's beginning that may end with `/` or
 * in the middle of a name (`downloads/abc`).
 */
export function checkPrefix(prefix: string): void {
  if (prefix === '') return;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
