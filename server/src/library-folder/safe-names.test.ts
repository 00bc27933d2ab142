import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberedSegment, safeRelativePath, safeSegment, taggedSegment } from './safe-names';

/**
 * What a name must be to mean one file on Windows, macOS and Linux alike; checked here from the
 * platforms' rules, not from the implementation's lists.
 */
function problemsOf(name: string): string[] {
  const problems: string[] = [];
  if (name === '' || name === '.' || name === '..') problems.push('empty or a dot name');
  if (/[<>:"/\\|?*]/.test(name)) problems.push('a character Windows refuses');
  // eslint-disable-next-line no-control-regex -- looking for control characters
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) problems.push('a control character');
  if (/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u061c]/.test(name))
    problems.push('an invisible or bidirectional formatting character');
  if (/[ .]$/.test(name)) problems.push('a trailing dot or space');
  if (/^ /.test(name)) problems.push('a leading space');
  if (/^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])( *\.|$)/i.test(name))
    problems.push('a Windows device name');
  if (Buffer.from(name, 'utf8').toString('utf8') !== name) problems.push('not valid UTF-8');
  if (name.normalize('NFC') !== name) problems.push('not NFC');
  if (Buffer.byteLength(name) > 120) problems.push('longer than 120 bytes');
  return problems;
}

describe('safeSegment', () => {
  it.each([
    ['../../etc/passwd', '....etcpasswd'],
    ['..', 'fb'],
    ['.', 'fb'],
    ['...', 'fb'],
    ['', 'fb'],
    ['   ', 'fb'],
    ['CON', 'CON_'],
    ['con.txt', 'con_.txt'],
    ['con.tar.gz', 'con_.tar.gz'],
    ['CON .txt', 'CON_ .txt'],
    ['LPT1', 'LPT1_'],
    ['lpt9.png', 'lpt9_.png'],
    ['COM0', 'COM0_'],
    ['NUL.jpg', 'NUL_.jpg'],
    ['aux', 'aux_'],
    ['prn.', 'prn_'],
    ['COM¹', 'COM¹_'],
    ['com³.log', 'com³_.log'],
    ['CONSOLE', 'CONSOLE'],
    ['COM10', 'COM10'],
    ['\u202Egpj.exe', 'gpj.exe'],
    ['in\u200Bvis\u200Dible\uFEFF', 'invisible'],
    ['\u2066a\u2069\u061Cb\u200E', 'ab'],
    ['a\u0000b\u0007c\u001Fd\u007Fe\u0085f\u009Fg', 'abcdefg'],
    ['tab\there\nnewline', 'tabherenewline'],
    ['trailing dot.', 'trailing dot'],
    ['trailing space ', 'trailing space'],
    ['trailing. . .', 'trailing'],
    ['  spaced   out\u3000title  ', 'spaced out title'],
    ['a:b*c?', 'abc'],
    ['<a>|"b"', 'ab'],
    ['e\u0301', '\u00e9'],
    ['.hidden', '.hidden'],
    ['lone \uD800 surrogate', 'lone surrogate'],
  ])('%j → %j', (name, expected) => {
    expect(safeSegment(name, 'fb')).toBe(expected);
  });

  it('falls back to a safe name even when the fallback is not one', () => {
    expect(safeSegment('..', '..')).toBe('_');
    expect(safeSegment('', 'con')).toBe('con_');
  });

  it('cuts a 300-character Chinese title to 120 bytes on a character boundary', () => {
    const title = '进击的巨人'.repeat(60);
    const safe = safeSegment(title, 'fb');
    expect(Buffer.byteLength(safe)).toBe(120);
    expect(title.startsWith(safe)).toBe(true);
  });

  it('keeps a short extension when it cuts, and cuts a long one like any text', () => {
    const jpg = safeSegment(`${'中'.repeat(300)}.jpg`, 'fb');
    expect(jpg).toMatch(/^中+\.jpg$/);
    expect(Buffer.byteLength(jpg)).toBeLessThanOrEqual(120);
    const long = safeSegment(`${'x'.repeat(200)}.notanextension`, 'fb');
    expect(long).toBe('x'.repeat(120));
  });

  it('never splits a surrogate pair or a letter from its mark', () => {
    const emoji = safeSegment('😀'.repeat(50), 'fb');
    expect(emoji).toBe('😀'.repeat(30));
    const marked = safeSegment('x\u0302\u0323'.repeat(60), 'fb');
    expect(marked.length % 3).toBe(0);
    expect(problemsOf(marked)).toEqual([]);
  });

  it('gives a valid name for any text, and the same name when given it again', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc.string({
            unit: fc.constantFrom('.', ' ', 'C', 'O', 'N', 'n', '1', '¹', ':', '\u202E', 'é'),
          }),
        ),
        (name) => {
          const safe = safeSegment(name, 'fallback');
          expect(problemsOf(safe)).toEqual([]);
          expect(safeSegment(safe, 'other')).toBe(safe);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('safeRelativePath', () => {
  it('splits on both separators and makes every segment safe, dot segments included', () => {
    expect(safeRelativePath('../../etc/passwd')).toEqual(['_', '_', 'etc', 'passwd']);
    expect(safeRelativePath('..\\..\\windows\\win.ini')).toEqual(['_', '_', 'windows', 'win.ini']);
    expect(safeRelativePath('/abs//x.jpg')).toEqual(['_', 'abs', '_', 'x.jpg']);
    expect(safeRelativePath('Work: Part 2/Ep. 1./CON.jpg')).toEqual([
      'Work Part 2',
      'Ep. 1',
      'CON_.jpg',
    ]);
  });
});

describe('numbered and tagged names', () => {
  it('puts the number before the extension, and cuts the name rather than the number', () => {
    expect(numberedSegment('a.jpg', 2)).toBe('a (2).jpg');
    expect(numberedSegment('metadata', 3)).toBe('metadata (3)');
    const long = numberedSegment(safeSegment(`${'中'.repeat(300)}.jpg`, 'fb'), 12);
    expect(long.endsWith(' (12).jpg')).toBe(true);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(120);
    const tagged = taggedSegment('中'.repeat(40), '0123456789abcdef');
    expect(tagged.endsWith('~0123456789abcdef')).toBe(true);
    expect(Buffer.byteLength(tagged)).toBeLessThanOrEqual(120);
  });
});
