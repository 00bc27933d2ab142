// Malformed values for the bad-request generator: hostile URLs, garbage numbers and strings,
// and bodies of the wrong shape, each made to fit one slot of the route table.
import fc from 'fast-check';
import type { Slot } from './routes';

/** Off-site, private, userinfo, scheme and traversal forms: refused wherever a site URL goes. */
export function hostileUrls(probeOrigin: string): string[] {
  const episodePath = '/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1';
  const probe = new URL(probeOrigin);
  return [
    `${probeOrigin}${episodePath}`,
    `http://127.0.0.1:1${episodePath}`,
    `http://localhost:${probe.port}${episodePath}`,
    `http://[::1]:${probe.port}${episodePath}`,
    `http://2130706433:${probe.port}${episodePath}`,
    `http://10.0.0.1${episodePath}`,
    `http://192.168.1.1/file/fancaps-animeimages/1.jpg`,
    'http://169.254.169.254/latest/meta-data/',
    `http://169.254.169.254${episodePath}`,
    `https://evil.example.com${episodePath}`,
    `https://fancaps.net.evil.com${episodePath}`,
    `https://evilfancaps.net${episodePath}`,
    `https://fancaps.net@evil.com${episodePath}`,
    `https://fancaps.net:443@127.0.0.1:${probe.port}${episodePath}`,
    `https://user:pass@fancaps.net${episodePath}`,
    `https://fancaps.net:8443${episodePath}`,
    `//evil.com${episodePath}`,
    `\\\\evil.com${episodePath}`,
    `https:\\\\evil.com${episodePath}`,
    `/\\evil.com${episodePath}`,
    `https://fancaps.net/anime/..%2f..%2fadmin`,
    `https://fancaps.net/anime/%2e%2e%2fepisodeimages.php?1-a`,
    `https://fancaps.net/anime/episodeimages.php?1-a%2f..%2f..%2fadmin`,
    `https://fancaps.net/anime/../../etc/passwd`,
    `..%2f..%2f..%2fetc%2fpasswd`,
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '1%2f..%2f2',
    '1\\..\\2',
    'ftp://fancaps.net/anime/episodeimages.php?1-a',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `gopher://127.0.0.1:${probe.port}/_GET`,
    `ws://fancaps.net${episodePath}`,
  ];
}

/** Webhook targets inside the server's networks, other schemes and credentials: all refused. */
const HOSTILE_WEBHOOKS = [
  'http://127.0.0.1:9/hook',
  'http://localhost:9/hook',
  'http://[::1]:9/hook',
  'http://[::ffff:127.0.0.1]:9/hook',
  'http://2130706433:9/hook',
  'http://0.0.0.0:9/hook',
  'http://10.0.0.1/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
  'http://224.0.0.1/hook',
  'ftp://hooks.capshelf.test/hook',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://user:pass@hooks.capshelf.test/hook',
];

const HUGE = 'x'.repeat(100_000);
/** Path segments inserted as they are: traversal and broken encodings. */
export const RAW_PATH_SEGMENTS = [
  '..',
  '.',
  '%2e%2e%2f',
  '%2e%2e',
  '..%2f..%2f',
  '%2f',
  '%5c',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '',
];

export const letters = (options: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({ unit: 'grapheme', maxLength: 40, ...options });
/** Never a number, an enum value, a boolean word or a site URL: it starts with `x`. */
export const junkText = letters().map((s) => `x${s}`);
const overLong = (max: number) =>
  fc.oneof(
    fc.nat({ max: 50 }).map((extra) => 'y'.repeat(max + 1 + extra)),
    fc.constant(HUGE),
  );

function numberGarbage(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e400',
      'NaN',
      'Infinity',
      '-Infinity',
      '99999999999999999999',
      String(max + 1),
      '١٢٣',
      '１２',
      '0x',
      '..',
      '../1',
    ),
    fc.integer({ min: -1e12, max: 0 }).map(String),
    fc.bigInt({ min: BigInt(max) + 1n, max: 10n ** 30n }).map(String),
    junkText,
  );
}

/** A string the slot must refuse. */
export function stringGarbage(slot: Slot, hostile: string[]): fc.Arbitrary<string> {
  const urls = fc.constantFrom(...hostile);
  switch (slot.kind) {
    case 'row-id':
      return numberGarbage(2_147_483_647);
    case 'upstream-id':
    case 'image-id':
      return numberGarbage(999_999_999_999);
    case 'count':
      return numberGarbage(slot.max ?? 1);
    case 'image-file':
      return fc.oneof(
        numberGarbage(999_999_999_999).map((n) => `${n}.jpg`),
        fc.constantFrom(
          '1.png',
          '1.jpg.jpg',
          '1',
          '.jpg',
          '1.JPG',
          '01.jpg',
          '1.jpg%00',
          '..%2f1.jpg',
        ),
        junkText,
      );
    case 'download-id':
      return fc.oneof(
        fc.constantFrom('short', 'a'.repeat(65), '../../../etc/passwd', 'a-b-c-d-e/..'),
        letters({ minLength: 1 }).map((s) => `${s}/!`),
      );
    case 'category':
    case 'episode-key':
      return fc.oneof(
        fc.constantFrom(
          'anime:0',
          'movie:-1',
          'evil:1',
          'anime:1:2',
          'ALL',
          'Uncategorized',
          '../all',
        ),
        junkText,
      );
    case 'page-ref':
    case 'upstream-id-input':
      return fc.oneof(urls, junkText, overLong(2000));
    case 'site-url':
    case 'image-url':
    case 'image-urls':
      return fc.oneof(urls, overLong(2000));
    case 'webhook-url':
      return fc.oneof(fc.constantFrom(...HOSTILE_WEBHOOKS), junkText, overLong(2000));
    case 'choice':
      return fc.oneof(junkText, fc.constant(''));
    case 'email':
      return fc.oneof(
        letters().map((s) => `x${s.replace(/@/g, '')}`),
        overLong(254),
      );
    case 'password':
      return fc.oneof(fc.constantFrom('', 'short', 'alllowercase1', 'NODIGITSx'), overLong(256));
    case 'text':
      return overLong(slot.max ?? 0);
    case 'id-list':
    case 'choice-list':
    case 'record-list':
    case 'flag':
      return junkText;
    case 'bounded-int':
      return fc.oneof(junkText, fc.constantFrom('1', '6'));
  }
}

/** A JSON value no body field of the contract accepts. */
const wrongType = fc.oneof(
  fc.boolean(),
  fc.record({ nested: fc.jsonValue({ maxDepth: 2 }) }),
  fc.array(fc.record({ a: fc.integer() }), { minLength: 1, maxLength: 3 }),
  fc.constant(deepObject(2_000)),
);

/** A body value the slot must refuse: wrong types for every slot, and slot-specific ones. */
export function bodyGarbage(slot: Slot, hostile: string[]): fc.Arbitrary<unknown> {
  const strings = stringGarbage(slot, hostile);
  switch (slot.kind) {
    case 'image-urls':
      return fc.oneof(
        wrongType,
        fc.array(fc.constantFrom(...hostile), { minLength: 1, maxLength: 3 }),
        fc.constant(
          Array.from({ length: (slot.max ?? 0) + 1 }, (_, i) => `/api/images/${i + 1}.jpg`),
        ),
        ...(slot.min ? [fc.constant([])] : []),
      );
    case 'id-list':
      return fc.oneof(
        wrongType,
        strings,
        // Ids are coerced ('1' is the id 1), so only strings that are no id qualify.
        fc.array(fc.constantFrom(0, -1, 1.5, 2_147_483_648 * 10_000_000, '1e400', 'x', null), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constant(Array.from({ length: (slot.max ?? 0) + 1 }, () => 1)),
      );
    case 'record-list':
      return fc.oneof(
        wrongType,
        strings,
        fc.array(fc.record({ title: fc.integer() }), { minLength: 1 }),
      );
    case 'choice-list': {
      const [one] = slot.valid as unknown[];
      return fc.oneof(
        wrongType,
        strings,
        fc.array(junkText, { minLength: 1, maxLength: 3 }),
        // Fewer choices than the list needs, a choice twice where they must differ, and more than it holds.
        ...(slot.min ? [fc.constant([])] : []),
        ...(slot.distinct ? [fc.constant([one, one])] : []),
        ...(slot.max ? [fc.constant(Array.from({ length: slot.max + 1 }, () => one))] : []),
      );
    }
    case 'upstream-id-input':
    case 'image-id':
      return fc.oneof(wrongType, strings, fc.constantFrom(0, -1, 1.5, 1e13));
    case 'flag':
      return fc.oneof(
        strings,
        fc.integer(),
        fc.record({ nested: fc.jsonValue({ maxDepth: 2 }) }),
        fc.constantFrom('true', 'false', 0, 1, null),
      );
    case 'bounded-int':
      return fc.oneof(
        strings,
        fc.boolean(),
        fc.constantFrom((slot.min ?? 0) - 1, (slot.max ?? 0) + 1, 1.5, 1e13, null),
      );
    default:
      return fc.oneof(
        wrongType,
        strings,
        fc.integer().filter((n) => n !== slot.valid),
      );
  }
}

function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
