import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from './index';

/**
 * The catalogues are complete: every key in both languages, no Chinese left in English, no empty
 * message, the same placeholders, and every key the source names exists.
 *
 * Key convention in the source (enforced below): `t('ns:key')` names its namespace; a bare
 * `t('key')` belongs to the namespace of the file's `useTranslation('<ns>')` (one per file;
 * `common` without one). `i18n.t(...)` outside React always names its namespace.
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Han, kana, hangul, CJK punctuation and fullwidth forms. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

type Messages = Record<string, string>;

/** `{a: {b: 'x'}}` as `{'a.b': 'x'}`. */
function flatten(node: unknown, prefix = '', out: Messages = {}): Messages {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) flatten(value, path, out);
    else out[path] = value as string;
  }
  return out;
}

const zh = catalogues['zh-CN'];
const en = catalogues.en;
const namespaces = [...new Set([...Object.keys(zh), ...Object.keys(en)])].sort();
const flat = (lng: 'zh-CN' | 'en', ns: string) => flatten(catalogues[lng][ns] ?? {});
/** A plural family counts as one key: `count_one`/`count_other` are `count`. */
const baseKeys = (messages: Messages) =>
  new Set(Object.keys(messages).map((key) => key.replace(PLURAL, '')));
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]!).sort();

describe('catalogues', () => {
  it('has the same namespaces in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it.each(namespaces)('%s: every key exists in both languages', (ns) => {
    const zhKeys = baseKeys(flat('zh-CN', ns));
    const enKeys = baseKeys(flat('en', ns));
    expect(
      [...zhKeys].filter((key) => !enKeys.has(key)),
      'missing in en',
    ).toEqual([]);
    expect(
      [...enKeys].filter((key) => !zhKeys.has(key)),
      'missing in zh-CN',
    ).toEqual([]);
  });

  it.each(namespaces)('%s: an English plural has both its one and other forms', (ns) => {
    const keys = Object.keys(flat('en', ns));
    const families = new Set(
      keys.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
    );
    const incomplete = [...families].filter(
      (family) => !keys.includes(`${family}_one`) || !keys.includes(`${family}_other`),
    );
    expect(incomplete).toEqual([]);
  });

  it.each(namespaces)('%s: no English message holds CJK text', (ns) => {
    const chinese = Object.entries(flat('en', ns)).filter(([, text]) => CJK.test(text));
    expect(chinese).toEqual([]);
  });

  it.each(namespaces)('%s: no message is empty', (ns) => {
    for (const lng of ['zh-CN', 'en'] as const) {
      const empty = Object.entries(flat(lng, ns)).filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(empty, lng).toEqual([]);
    }
  });

  it.each(namespaces)('%s: both languages use the same placeholders', (ns) => {
    const zhMessages = flat('zh-CN', ns);
    const byBase = new Map(
      Object.entries(zhMessages).map(([key, text]) => [key.replace(PLURAL, ''), text]),
    );
    const differing = Object.entries(flat('en', ns)).filter(([key, text]) => {
      const source = byBase.get(key.replace(PLURAL, ''));
      if (source === undefined) return false;
      // zh-CN may show the server's own sentence (`{{message}}`, Chinese by the contract) where
      // en builds its sentence from the answer's fields.
      if (placeholders(source).includes('message') && !placeholders(text).includes('message'))
        return false;
      // An English singular may say "one"/"once" rather than the count.
      const compared = (names: string[]) =>
        key.endsWith('_one') ? names.filter((name) => name !== 'count') : names;
      return compared(placeholders(source)).join() !== compared(placeholders(text)).join();
    });
    expect(differing).toEqual([]);
  });

  it('the CJK check catches Chinese, Japanese, Korean and fullwidth punctuation', () => {
    for (const text of ['中文', 'かな', 'カナ', '한글', '、', '：', '（'])
      expect(CJK.test(text)).toBe(true);
    for (const text of ['English', '“quoted” — …', 'café']) expect(CJK.test(text)).toBe(false);
  });
});

/** Every non-test source file of the page. */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test' && name !== 'locales') sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const SRC = join(__dirname, '..');

/** `ns:key` or a key of the file's namespace resolved against the catalogues. */
function exists(ns: string, key: string, lng: 'zh-CN' | 'en'): boolean {
  const messages = flat(lng, ns);
  return key in messages || Object.keys(messages).some((k) => k.replace(PLURAL, '') === key);
}

/** A template key `cdn.name.${x}`: its fixed part must name a group of messages. */
function groupExists(ns: string, prefix: string, lng: 'zh-CN' | 'en'): boolean {
  return Object.keys(flat(lng, ns)).some((key) => key.startsWith(prefix));
}

interface Use {
  file: string;
  ns: string;
  key: string;
  template: boolean;
}

function usesIn(file: string): Use[] {
  const text = readFileSync(file, 'utf8');
  // A helper outside React takes the hook's `t` as a `TFunction<'<ns>'>` parameter.
  const hooks = [...text.matchAll(/useTranslation\(\s*'(\w+)'\s*\)|TFunction<'(\w+)'>/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  const bare = text.includes('useTranslation()') ? ['common'] : [];
  const fileNamespaces = [...new Set([...hooks, ...bare])];
  expect(fileNamespaces.length, `${file}: one useTranslation namespace per file`).toBeLessThan(2);
  const fileNs = fileNamespaces[0] ?? 'common';
  const uses: Use[] = [];
  const add = (raw: string, template: boolean, explicitOnly: boolean) => {
    const colon = /^(\w+):(.+)$/.exec(raw);
    if (!colon && explicitOnly) {
      uses.push({ file, ns: '(none)', key: raw, template });
      return;
    }
    uses.push({ file, ns: colon ? colon[1]! : fileNs, key: colon ? colon[2]! : raw, template });
  };
  // t('key'), t("key"), t(`key`) — the hook's t and `{ t }` from useTranslation.
  for (const m of text.matchAll(/(?<![\w.])t\(\s*(['"`])([^'"`]+)\1/g))
    add(m[2]!, m[2]!.includes('${'), false);
  // i18n.t('ns:key') outside React must name its namespace.
  for (const m of text.matchAll(/i18n\.t\(\s*(['"`])([^'"`]+)\1/g))
    add(m[2]!, m[2]!.includes('${'), true);
  for (const m of text.matchAll(/i18nKey="([^"]+)"/g)) add(m[1]!, false, false);
  // Keys kept in data ('layout:menu.localLibrary' in a menu table).
  for (const m of text.matchAll(/'(\w+):([\w.]+)'/g)) {
    if (namespaces.includes(m[1]!)) uses.push({ file, ns: m[1]!, key: m[2]!, template: false });
  }
  return uses;
}

describe('keys used in the source', () => {
  const uses = sourceFiles(SRC).flatMap(usesIn);

  it('finds the keys (the scan works)', () => {
    expect(uses.length).toBeGreaterThan(200);
  });

  it('every literal key exists in both catalogues', () => {
    const missing = uses
      .filter((use) => !use.template)
      .filter((use) => !exists(use.ns, use.key, 'zh-CN') || !exists(use.ns, use.key, 'en'))
      .map((use) => `${relative(SRC, use.file)}: ${use.ns}:${use.key}`);
    expect(missing).toEqual([]);
  });

  it('every template key names an existing group of messages', () => {
    const missing = uses
      .filter((use) => use.template)
      .map((use) => ({ ...use, key: use.key.split('${')[0]! }))
      .filter(
        (use) => !groupExists(use.ns, use.key, 'zh-CN') || !groupExists(use.ns, use.key, 'en'),
      )
      .map((use) => `${relative(SRC, use.file)}: ${use.ns}:${use.key}…`);
    expect(missing).toEqual([]);
  });
});
