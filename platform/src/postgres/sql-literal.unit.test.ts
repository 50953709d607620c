import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './pool';

describe('sqlLiteral', () => {
  it("is exactly pg.escapeLiteral's text for any string", () => {
    const tricky = fc.constantFrom("'", '\\', "\\'", "''", 'E', ' ', '\n', '$$', 'é', '😀', ';', '--');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(fc.oneof(tricky, fc.string()), { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(sqlLiteral(value)).toBe(pg.escapeLiteral(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('given quotes and backslashes, when escaped, then an E literal with both doubled', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(sqlLiteral("\\'")).toBe(" E'\\\\'''");
    expect(sqlLiteral('')).toBe("''");
  });
});
