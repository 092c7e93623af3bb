// The privacy vectors' expected outcomes, checked with an oracle that is no client's policy:
// tools/conformance/claimed-forms.ts makes every form docs/privacy.md claims of each carried
// value with the platform's own encoders. Each vector must be complete (every claimed form
// its text holds is in `absent`), sound (every `absent` entry is a claimed form) and fair (no
// `kept` entry holds a claimed form), and together they must reach every claimed form.
import { describe, expect, it } from 'vitest';
import { kitCaseFiles, loadCaseFiles, type MaskCase } from '../../tools/conformance/cases.ts';
import { claimedFormsIn, exactForms, identifierOf, isClaimedForm } from '../../tools/conformance/claimed-forms.ts';

const vectors = loadCaseFiles(kitCaseFiles)
  .flatMap((file) => file.cases)
  .filter((c): c is MaskCase => c.type === 'mask');

const folded = (list: readonly string[]) => new Set(list.map((item) => item.toLowerCase()));

describe('the claimed-forms oracle', () => {
  it('makes the forms of the rule with the platform\'s encoders', () => {
    const forms = exactForms('pass word+plus', true);
    for (const form of ['pass word+plus', 'pass%20word%2Bplus', 'pass+word%2Bplus', 'pass%2520word%252Bplus', 'pass%2Bword%252Bplus', Buffer.from('pass word+plus').toString('base64'), Buffer.from('pass word+plus').toString('hex')]) {
      expect(forms).toContain(form);
    }
    expect(exactForms('pin12', true).some((form) => /^[0-9a-f]+$/.test(form) && form.length === 10)).toBe(false);
    expect(identifierOf('0123-456-789')).toBe('0123456789');
    expect(identifierOf('pass word')).toBeUndefined();
    expect(identifierOf('GB82WEST12345698765432')).toBe('gb82west12345698765432');
  });

  it('finds a number form only where no letter or digit touches it', () => {
    const carried = { fields: { bankCode: '058' } };
    expect(claimedFormsIn('TRX-100158 9a6e58', carried)).toEqual([]);
    expect(claimedFormsIn('"bankCode":58,', carried).map((form) => form.text)).toEqual(['58']);
    expect(claimedFormsIn('code 0-5-8', carried).map((form) => form.text)).toEqual(['0-5-8', '5-8']);
  });
});

describe('the privacy vectors', () => {
  it('are 20 or more', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(20);
  });

  for (const vector of vectors) {
    describe(vector.id, () => {
      it('list in absent every claimed form the text holds', () => {
        const absent = folded(vector.expect.absent);
        const unlisted = claimedFormsIn(vector.text, vector.carried).filter((form) => !absent.has(form.text.toLowerCase()));
        expect(unlisted.map((form) => `${form.start}-${form.end}`)).toEqual([]);
      });

      it('list in absent only claimed forms that the text holds', () => {
        const text = vector.text.toLowerCase();
        vector.expect.absent.forEach((entry, index) => {
          expect(isClaimedForm(entry, vector.carried), `absent[${index}] is a claimed form`).toBe(true);
          expect(text.includes(entry.toLowerCase()), `absent[${index}] is in the text`).toBe(true);
        });
      });

      it('keep only what holds no claimed form, and is in the text', () => {
        vector.expect.kept.forEach((entry, index) => {
          expect(claimedFormsIn(entry, vector.carried), `kept[${index}]`).toEqual([]);
          expect(vector.text.includes(entry), `kept[${index}] is in the text`).toBe(true);
          // A kept string that holds an absent one could never pass.
          expect(vector.expect.absent.some((absent) => entry.toLowerCase().includes(absent.toLowerCase())), `kept[${index}] holds no absent entry`).toBe(false);
        });
      });
    });
  }

  it('reach every claimed form between them', () => {
    const reached = vectors.flatMap((vector) => vector.expect.absent.map((entry) => ({ entry, vector })));
    const has = (test: (entry: string, vector: MaskCase) => boolean) => reached.some(({ entry, vector }) => test(entry, vector));
    const carriedField = (vector: MaskCase, name: string) => vector.carried.fields?.[name];
    // Verbatim and in another case.
    expect(has((e, v) => e === v.carried.apiKey)).toBe(true);
    expect(has((e, v) => v.carried.apiKey !== undefined && e === v.carried.apiKey.toUpperCase() && e !== v.carried.apiKey)).toBe(true);
    // JSON-escaped.
    expect(has((e, v) => { const p = carriedField(v, 'password'); return p !== undefined && e === JSON.stringify(p).slice(1, -1) && e !== p; })).toBe(true);
    // A space as %20 and as +, a plus as %2B; !'()*~ as is and encoded; encoded twice.
    expect(has((e) => e.includes('%20') && e.includes('%2B'))).toBe(true);
    expect(has((e) => /\+/.test(e) && e.includes('%2B'))).toBe(true);
    expect(has((e) => e.includes("'") && e.includes('(') && e.includes('%20'))).toBe(true);
    expect(has((e) => e.includes('%27') && e.includes('%28') && e.includes('%7E'))).toBe(true);
    expect(has((e) => e.includes('%2520'))).toBe(true);
    expect(has((e) => e.includes('%252B') && !e.includes('%2520'))).toBe(true);
    // Separators added, removed, changed: space, no-break space, tab, dot, dash, %20, +.
    for (const sep of [' ', '\u00a0', '\t', '.', '-', '%20', '+']) expect(has((e, v) => carriedField(v, 'accountNumber') !== undefined && e.includes(sep) && /^\d/.test(e)), JSON.stringify(sep)).toBe(true);
    expect(has((e, v) => carriedField(v, 'accountNumber') === '0123-456-789' && e === '0123456789')).toBe(true);
    // An all-digit identifier without its leading zeros, bare and with separators.
    expect(has((e, v) => carriedField(v, 'accountNumber') === '0123456789' && e === '123456789')).toBe(true);
    expect(has((e, v) => carriedField(v, 'accountNumber') === '0123456789' && /^123\D456\D789$/.test(e))).toBe(true);
    // Base64 padded and not, base64url, hex: of a key, a secret, a password; a signature's bytes.
    for (const key of ['apiKey', 'secret'] as const) {
      expect(has((e, v) => v.carried[key] !== undefined && e === Buffer.from(v.carried[key]!).toString('base64')), key).toBe(true);
      expect(has((e, v) => v.carried[key] !== undefined && e.toLowerCase() === Buffer.from(v.carried[key]!).toString('hex')), key).toBe(true);
      expect(has((e, v) => v.carried[key] !== undefined && e === Buffer.from(v.carried[key]!).toString('base64url')), key).toBe(true);
    }
    expect(has((e, v) => { const p = carriedField(v, 'password'); return p !== undefined && e === Buffer.from(p).toString('base64').replace(/=+$/, '') && e !== Buffer.from(p).toString('base64'); })).toBe(true);
    expect(has((e, v) => v.carried.signature !== undefined && e === Buffer.from(v.carried.signature, 'hex').toString('base64'))).toBe(true);
    expect(has((e, v) => v.carried.signature !== undefined && e === Buffer.from(v.carried.signature, 'hex').toString('base64url'))).toBe(true);
    // Inside a header name.
    expect(vectors.some((v) => v.expect.absent.some((e) => new RegExp(`^x-[^\\r\\n:]*${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\r\\n:]*:`, 'mi').test(v.text)))).toBe(true);
    // No over-masking: a bank code inside an id and inside hex, a number inside a longer id.
    expect(vectors.some((v) => carriedField(v, 'bankCode') === '058' && v.expect.kept.includes('TRX-100158'))).toBe(true);
    expect(vectors.some((v) => v.expect.kept.some((k) => /6e58/.test(k)))).toBe(true);
    expect(vectors.some((v) => v.expect.kept.some((k) => /^TRX-1234567890$/.test(k)))).toBe(true);
  });
});
