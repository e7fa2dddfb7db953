import { SegmentedMessage } from 'sms-segments-calculator';
import smartEncodingMap from 'sms-segments-calculator/dist/libs/SmartEncodingMap.js';
import { describe, expect, it } from 'vitest';
import { toPlainSms } from '../../../src/contract/sms-plain-text.ts';
import { estimateSmsCostCents, measureSms, smsCharacterLabel } from '../../../src/contract/sms-segments.ts';

const a = (n: number) => 'a'.repeat(n);

// [name, text, encoding, units, segments, first character that forced UCS-2]
const TABLE: Array<[string, string, 'GSM-7' | 'UCS-2', number, number, string | null]> = [
  ['empty', '', 'GSM-7', 0, 0, null],
  ['plain 160', a(160), 'GSM-7', 160, 1, null],
  ['plain 161', a(161), 'GSM-7', 161, 2, null],
  ['plain 306 (2 × 153)', a(306), 'GSM-7', 306, 2, null],
  ['plain 307', a(307), 'GSM-7', 307, 3, null],
  ['plain 459 (3 × 153)', a(459), 'GSM-7', 459, 3, null],
  ['€ counts two: 80 of them fill one', '€'.repeat(80), 'GSM-7', 160, 1, null],
  ['81 € need two', '€'.repeat(81), 'GSM-7', 162, 2, null],
  ['[ ] count two each', '[VIP]', 'GSM-7', 7, 1, null],
  ['every extension character', '^{}\\[~]|€', 'GSM-7', 18, 1, null],
  ['158 + € = 160', a(158) + '€', 'GSM-7', 160, 1, null],
  ['159 + € = 161', a(159) + '€', 'GSM-7', 161, 2, null],
  // 152 letters then €: the escape pair cannot be cut, so it opens the second segment.
  ['escape pair not cut at 153', a(152) + '€' + a(10), 'GSM-7', 164, 2, null],
  ['escape pair pushes a third segment', a(152) + '€' + a(152), 'GSM-7', 306, 3, null],
  ['GSM accents and Greek', 'Café Ñandú? Ça va! ΔΩ', 'UCS-2', 21, 1, 'ú'],
  ['GSM-only accents', 'Café Ñoño à Ça ΔΩ ¿Qué?', 'GSM-7', 23, 1, null],
  ['newlines count one', 'Hi\nthere\r\n', 'GSM-7', 10, 1, null],
  ['emoji forces UCS-2 and counts 2', 'Tacos tonight 🌮', 'UCS-2', 16, 1, '🌮'],
  ['35 emoji = 70 units', '😀'.repeat(35), 'UCS-2', 70, 1, '😀'],
  ['36 emoji', '😀'.repeat(36), 'UCS-2', 72, 2, '😀'],
  ['curly apostrophe', 'It’s happy hour', 'UCS-2', 15, 1, '’'],
  ['curly quotes', '“Fresh” pasta', 'UCS-2', 13, 1, '“'],
  ['UCS-2 70', 'й'.repeat(70), 'UCS-2', 70, 1, 'й'],
  ['UCS-2 71', 'й'.repeat(71), 'UCS-2', 71, 2, 'й'],
  ['UCS-2 134 (2 × 67)', 'й'.repeat(134), 'UCS-2', 134, 2, 'й'],
  ['UCS-2 135', 'й'.repeat(135), 'UCS-2', 135, 3, 'й'],
  // 66 units then an emoji: the surrogate pair cannot be cut, so it starts segment two.
  ['surrogate pair not cut at 67', 'й'.repeat(66) + '😀' + 'й'.repeat(10), 'UCS-2', 78, 2, 'й'],
  ['€ in UCS-2 counts one', '€ 😀', 'UCS-2', 4, 1, '😀'],
  ['non-breaking space', '5\u00A0pm', 'UCS-2', 4, 1, '\u00A0'],
  ['em dash', 'Now—tonight only', 'UCS-2', 16, 1, '—'],
  ['ellipsis', 'Wait for it…', 'UCS-2', 12, 1, '…'],
  ['flag is one character, 4 units', '🇺🇸', 'UCS-2', 4, 1, '🇺🇸'.slice(0, 2)],
];

describe('measureSms over tricky strings', () => {
  it.each(TABLE)('%s', (_name, text, encoding, units, segments, trigger) => {
    const measure = measureSms(text);
    expect(measure).toMatchObject({ encoding, units, segments });
    expect(measure.ucs2Trigger?.char ?? null).toBe(trigger);
  });

  it('says how much room is left and which limit applies', () => {
    expect(measureSms(a(150))).toMatchObject({ perSegment: 160, remaining: 10 });
    expect(measureSms(a(161))).toMatchObject({ perSegment: 153, remaining: 153 - 8 });
    expect(measureSms('Hi 😀')).toMatchObject({ perSegment: 70, remaining: 65 });
    expect(measureSms('')).toMatchObject({ segments: 0, remaining: 160 });
  });

  it('counts characters as a person does', () => {
    expect(measureSms('👨‍👩‍👧 🇺🇸 é').characters).toBe(5);
    expect(measureSms('€[]').characters).toBe(3);
  });

  it('names the first character that forced UCS-2 and lists each once', () => {
    const measure = measureSms('Our “new” menu’s here 🌮🌮 — come by');
    expect(measure.ucs2Trigger).toMatchObject({ char: '“', kind: 'curly quote', codePoint: 'U+201C', index: 4 });
    expect(measure.nonGsm.map((c) => [c.char, c.kind])).toEqual([
      ['“', 'curly quote'],
      ['”', 'curly quote'],
      ['’', 'curly quote'],
      ['🌮', 'emoji'],
      ['—', 'dash'],
    ]);
    expect(smsCharacterLabel(measure.ucs2Trigger!)).toBe('“ (curly quote)');
    expect(smsCharacterLabel(measureSms('a\u00A0b').ucs2Trigger!)).toBe('non-breaking space (U+00A0)');
    expect(measureSms('\uFEFFhi').ucs2Trigger!.kind).toBe('invisible');
    expect(measureSms('ó').ucs2Trigger!.kind).toBe('accented letter');
  });
});

describe('cross-check with Twilio’s calculator (sms-segments-calculator)', () => {
  // A seeded mix of plain letters, extension characters, GSM accents, curly quotes, emoji and Cyrillic,
  // at lengths around every boundary.
  const alphabet = ['a', 'b', ' ', '.', '€', '[', ']', '^', '|', 'é', 'Ñ', '’', '“', '😀', '🌮', 'й', '\n', '—'];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const samples: string[] = [];
  for (const length of [1, 60, 69, 70, 71, 100, 133, 134, 135, 150, 152, 153, 154, 159, 160, 161, 200, 305, 306, 307, 460]) {
    for (let variant = 0; variant < 12; variant++) {
      // Mostly GSM-7 so both encodings are well represented.
      const rare = variant % 3 === 0 ? 0.02 : variant % 3 === 1 ? 0 : 0.3;
      let text = '';
      while (text.length < length) {
        const pick = random() < rare ? alphabet[Math.floor(random() * alphabet.length)]! : alphabet[Math.floor(random() * 10)]!;
        text += pick;
      }
      samples.push(text);
    }
  }

  it(`agrees on encoding and segments for ${samples.length} strings`, () => {
    const disagreements = samples.filter((text) => {
      const ours = measureSms(text);
      const theirs = new SegmentedMessage(text);
      return ours.encoding !== theirs.encodingName || ours.segments !== theirs.segmentsCount;
    });
    expect(disagreements).toEqual([]);
  });

  it('agrees on every row of the table', () => {
    for (const [, text] of TABLE.filter(([, text]) => text !== '')) {
      const theirs = new SegmentedMessage(text);
      expect([text, measureSms(text).encoding, measureSms(text).segments]).toEqual([text, theirs.encodingName, theirs.segmentsCount]);
    }
  });

  it('finds the same characters GSM-7 cannot carry', () => {
    const text = 'It’s “on” — 5\u00A0pm… 😀 ó';
    expect(measureSms(text).nonGsm.map((c) => c.char).sort()).toEqual([...new Set(new SegmentedMessage(text).getNonGsmCharacters())].sort());
  });
});

describe('toPlainSms: replace with plain characters', () => {
  it.each([
    ['It’s “on” tonight', 'It\'s "on" tonight'],
    ['Pasta—tonight only – 5–7 pm', 'Pasta-tonight only - 5-7 pm'],
    ['Wait for it…', 'Wait for it...'],
    ['5\u00A0pm\u2009sharp', '5 pm sharp'],
    ['Zero\u200Bwidth\uFEFF', 'Zerowidth'],
    ['« Bonjour » ‹hi›', '" Bonjour " \'hi\''],
    ['Más café, señor, ¿sí? ¡Olé!', 'Mas café, señor, ¿si? ¡Olé!'],
    ['Façade piñata', 'Facade piñata'],
    ['ＦＲＥＥ ｄｅｓｓｅｒｔ！', 'FREE dessert!'],
    ['½ off • today', '1/2 off - today'],
    ['Cafe\u0301', 'Café'],
    ['2 × 1', '2 x 1'],
  ])('%s → %s', (input, expected) => {
    const result = toPlainSms(input);
    expect(result.text).toBe(expected);
    expect(result.encoding).toBe('GSM-7');
    expect(result.unreplaceable).toEqual([]);
    expect(measureSms(result.text).encoding).toBe('GSM-7');
  });

  it('says what it replaced and how often', () => {
    const result = toPlainSms('It’s Tom’s — “best” day');
    expect(result.replaced).toEqual([
      { from: '’', to: "'", count: 2, kind: 'curly quote' },
      { from: '—', to: '-', count: 1, kind: 'dash' },
      { from: '“', to: '"', count: 1, kind: 'curly quote' },
      { from: '”', to: '"', count: 1, kind: 'curly quote' },
    ]);
  });

  it('leaves emoji and other scripts, says so, and the text stays UCS-2', () => {
    const result = toPlainSms('It’s taco night 🌮🌮 — 東京 👨‍👩‍👧');
    expect(result.text).toBe("It's taco night 🌮🌮 - 東京 👨‍👩‍👧");
    expect(result.encoding).toBe('UCS-2');
    expect(result.unreplaceable.map((c) => [c.char, c.kind])).toEqual([
      ['🌮', 'emoji'],
      ['東', 'letter'],
      ['京', 'letter'],
      ['👨‍👩‍👧', 'emoji'],
    ]);
    expect(result.text.slice(result.unreplaceable[0]!.index).startsWith('🌮')).toBe(true);
  });

  it('never makes a GSM-7 text longer or different', () => {
    const text = 'Happy hour 4-6pm: $5 margaritas [today] {only} €3 ~ ^ | \\ Ça';
    expect(toPlainSms(text)).toEqual({ text, encoding: 'GSM-7', replaced: [], unreplaceable: [] });
  });

  it('turns everything Twilio’s Smart Encoding table turns into GSM-7 into GSM-7 too', () => {
    const twilioTable = Object.entries(smartEncodingMap as unknown as Record<string, string>);
    expect(twilioTable.length).toBeGreaterThan(250);
    const missed = twilioTable
      .filter(([, plain]) => new SegmentedMessage(plain).encodingName === 'GSM-7')
      .filter(([char]) => toPlainSms(`x${char}x`).encoding !== 'GSM-7')
      .map(([char]) => `U+${char.codePointAt(0)!.toString(16)}`);
    expect(missed).toEqual([]);
  });
});

describe('estimateSmsCostCents', () => {
  it('rounds the estimate up to the cent without float noise', () => {
    expect(estimateSmsCostCents(1, 1000, 0.0083)).toBe(830);
    expect(estimateSmsCostCents(3, 1000, 0.0083)).toBe(2490);
    expect(estimateSmsCostCents(1, 1, 0.0083)).toBe(1);
    expect(estimateSmsCostCents(2, 0, 0.0083)).toBe(0);
  });
});
