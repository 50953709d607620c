import { describe, expect, it } from 'vitest';
import { renamedClasses } from '../../scripts/build-server.mjs';

describe('renamedClasses (scripts/build-server.mjs)', () => {
  it('names a class the bundle renamed because another module declared the same name', () => {
    const code =
      'class DomainError extends Error {}\nclass Other {}\nvar DomainError2 = class DomainError2 extends Error {};';
    expect(renamedClasses(code)).toEqual(['DomainError2']);
  });

  it('leaves alone classes whose names end in digits when no class has the name without them', () => {
    expect(renamedClasses('class Sha256 {}\nclass Base64Codec {}\nclass Http2Session {}')).toEqual([]);
  });
});
