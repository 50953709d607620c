import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings a kept body is offered in, in the server's order of preference. */
type Encoding = 'br' | 'gzip';

/** Bodies shorter than this (in characters) go out as they are: compressing them saves less than a packet's headers. */
export const MIN_COMPRESSED_LENGTH = 1024;

/** Accept-Encoding values are few (one per browser build): each is parsed once, up to this many kept. */
const NEGOTIATED_KEPT = 256;
const negotiated = new Map<string, string>();
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: {
    get: (header) => negotiated.get(header),
    has: (header) => negotiated.has(header),
    set(header, encoding) {
      // A client may send any header: the cache must not grow with them.
      if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
      negotiated.set(header, encoding);
      return this;
    },
  },
});

/**
 * Quality 4: about as fast as gzip's level 1 and smaller than its level 9 on our JSON (the usual choice for
 * dynamic content; brotli's default, 11, takes milliseconds).
 */
const compress: Record<Encoding, (text: string) => Buffer> = {
  br: (text) =>
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => gzipSync(text),
};

/**
 * A JSON response body that may be sent many times (a cached read), with each compressed form made once,
 * on the first request that accepts it, and kept with the body: a repeated read costs no compression, and
 * a phone downloads about a tenth of the bytes (a list of 8 goals of 3 tasks: 13.6 KB, 1.4 KB in br).
 */
export class CompressibleJson {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {}

  /** The body in `encoding`, compressed on first use. */
  in(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compress[encoding](this.text);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /**
   * Sends the body compressed when the request accepts br or gzip (br first; a `q=0` refuses one) and it
   * is large enough, else as it is. Adds Accept-Encoding to Vary either way, for caches between.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const vary = reply.getHeader('vary');
    reply
      .type('application/json; charset=utf-8')
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const accepted = this.text.length >= MIN_COMPRESSED_LENGTH ? request.headers['accept-encoding'] : undefined;
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (!encoding) return reply.send(this.text);
    return reply.header('content-encoding', encoding).send(this.in(encoding));
  }
}
