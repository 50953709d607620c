import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompressibleJson, MIN_COMPRESSED_LENGTH } from './compressed-body';

const large = JSON.stringify(
  Array.from({ length: 40 }, (_, i) => ({
    id: `goal-${i}`,
    title: `Run ${i} km, one long run a week`,
    done: i % 2 === 0,
  })),
);
const small = JSON.stringify([{ id: 'goal-1' }]);

describe('CompressibleJson', () => {
  let app: FastifyInstance;
  const kept = new CompressibleJson(large);
  beforeAll(async () => {
    app = Fastify();
    app.get('/large', (request, reply) => kept.send(request, reply));
    app.get('/small', (request, reply) => new CompressibleJson(small).send(request, reply));
    app.get('/varied', (request, reply) => kept.send(request, reply.header('vary', 'origin')));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('given a browser that accepts br, sends br that opens to the very text', async () => {
    const response = await get('/large', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(large);
    expect(response.rawPayload.length).toBeLessThan(large.length / 3);
  });

  it('given gzip only, or br refused with q=0, sends gzip', async () => {
    for (const header of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/large', header);
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(large);
    }
  });

  it('given no encoding it can use, sends the text as it is', async () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', 'x'.repeat(5000)]) {
      const response = await get('/large', header);
      expect(response.headers['content-encoding'], String(header)).toBeUndefined();
      expect(response.payload).toBe(large);
    }
  });

  it(`sends a body under ${MIN_COMPRESSED_LENGTH} characters as it is, whatever the client accepts`, async () => {
    const response = await get('/small', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.payload).toBe(small);
  });

  it('adds Accept-Encoding to a Vary another part of the app set', async () => {
    expect((await get('/varied', 'gzip')).headers.vary).toBe('origin, accept-encoding');
  });

  it('compresses a kept body once per encoding, however often it is sent', () => {
    const body = new CompressibleJson(large);
    expect(body.in('br')).toBe(body.in('br'));
    expect(body.in('gzip')).toBe(body.in('gzip'));
  });

  it('every text opens to itself in both encodings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (text) => {
        const body = new CompressibleJson(text);
        expect(brotliDecompressSync(body.in('br')).toString('utf8')).toBe(text);
        expect(gunzipSync(body.in('gzip')).toString('utf8')).toBe(text);
      }),
      { numRuns: 100 },
    );
  });
});
