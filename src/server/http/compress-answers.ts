import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressThreshold = 1024;

/**
 * Up to this size an answer is compressed right away, on the main thread (0.1 ms or less); a
 * one-shot call on the thread pool costs more in setting up than that. Larger answers (the
 * OpenAPI document, a long page of users) go to the thread pool, so no request waits behind
 * another's compression.
 */
const inlineLimit = 64 * 1024;

// Brotli quality 4: most of its gain over gzip at gzip's speed (11, the library default, is
// meant for files compressed once, like the built assets).
const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);
const deflateAsync = promisify(zlib.deflate);

const encoders = {
  br: (body: Buffer) =>
    body.length <= inlineLimit
      ? Promise.resolve(zlib.brotliCompressSync(body, brotliOptions(body)))
      : brotliAsync(body, brotliOptions(body)),
  gzip: (body: Buffer) =>
    body.length <= inlineLimit ? Promise.resolve(zlib.gzipSync(body)) : gzipAsync(body),
  deflate: (body: Buffer) =>
    body.length <= inlineLimit ? Promise.resolve(zlib.deflateSync(body)) : deflateAsync(body),
} as const;
type Encoding = keyof typeof encoders;

/**
 * Which encoding, among those the reader accepts equally, an answer gets. An answer made for one
 * request prefers gzip: on article prose Brotli at quality 4 takes twice gzip's time for the
 * same size (150 against 75 µs for 6 KB). A shared answer is compressed once for everyone, so
 * once a second request asks for it Brotli's smaller output wins; its first request is treated
 * as a single one, because most shared answers never get a second (a guest's page of an article
 * opened at random): a hundred thousand such pages in Brotli cost 15% of their throughput.
 */
const negotiators = {
  single: new Negotiator<Encoding | 'identity'>({
    supportedValues: ['gzip', 'br', 'deflate', 'identity'],
  }),
  shared: new Negotiator<Encoding | 'identity'>({
    supportedValues: ['br', 'gzip', 'deflate', 'identity'],
  }),
};

/**
 * An answer many requests share (a list every reader of the home page gets, a page every guest
 * gets): serialized once, and compressed once per encoding, however many requests it goes to.
 */
export interface SharedAnswer {
  /** The JSON, or the page's HTML. */
  text: string;
  /** The text's bytes, which each encoding is made from. */
  body: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
  /** Requests that have been sent it so far. */
  sent: number;
}

const answersOf = new WeakMap<object, SharedAnswer>();

/**
 * The shared answer for `value`, made the first time it is asked for and then reused for as long
 * as the value lives: a cached list is one object that every reader of it gets, so it is
 * serialized and compressed once, while the query that made it knows nothing of HTTP.
 */
export function sharedAnswerOf(value: object): SharedAnswer {
  let answer = answersOf.get(value);
  if (!answer) answersOf.set(value, (answer = sharedText(JSON.stringify(value))));
  return answer;
}

export function sharedText(text: string): SharedAnswer {
  return { text, body: Buffer.from(text), encoded: new Map(), sent: 0 };
}

const sharedReplies = new WeakMap<FastifyReply, SharedAnswer>();

/**
 * Makes the reply send `answer` as it is. The route still returns the value the answer was
 * made from, so its response schema documents it; only the serialization is skipped.
 */
export function replyWithShared(reply: FastifyReply, answer: SharedAnswer): void {
  sharedReplies.set(reply, answer);
  // A reply with its own serializer gets no JSON content type from Fastify.
  reply.type('application/json; charset=utf-8').serializer(() => answer.text);
}

/** Sends a shared text answer (a guest's page) as it is, with its content type. */
export function sendShared(reply: FastifyReply, answer: SharedAnswer, contentType: string) {
  sharedReplies.set(reply, answer);
  return reply.type(contentType).send(answer.body);
}

/**
 * Sends text stored gzip-compressed (a stored page) as it is to a reader who accepts gzip, and
 * decompressed, to be compressed as usual, to any other.
 */
export function sendGzipped(
  request: FastifyRequest,
  reply: FastifyReply,
  gzip: Buffer,
  contentType: string,
) {
  reply.type(contentType).header('vary', varyWithEncoding(reply.getHeader('vary')));
  const accepted = request.headers['accept-encoding'];
  if (accepted && negotiators.single.negotiate(accepted) === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(gzip);
  }
  return reply.send(zlib.gunzipSync(gzip));
}

/**
 * Compresses the API's answers (JSON made in memory) in one call each. `@fastify/compress` pipes
 * every answer through a compression stream, which for a few kilobytes of JSON cost more than
 * the rest of the request (a quarter of a list request's CPU, mostly stream plumbing and the
 * garbage of a fresh encoder's buffers). Streams (files) are left to
 * `@fastify/compress`, which skips answers that already carry a Content-Encoding.
 */
export function installAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') || reply.statusCode === 206) return payload;
    const shared = sharedReplies.get(reply);
    const body = shared?.body ?? (typeof payload === 'string' ? Buffer.from(payload) : payload);
    if (body.length < compressThreshold || !isText(reply.getHeader('content-type'))) return body;

    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const accepted = request.headers['accept-encoding'];
    const negotiator = shared && shared.sent++ > 0 ? negotiators.shared : negotiators.single;
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (!encoding || encoding === 'identity') return body;
    const compressed = await (shared ? encodeOnce(shared, encoding) : encoders[encoding](body));
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function encodeOnce(shared: SharedAnswer, encoding: Encoding): Promise<Buffer> {
  let encoded = shared.encoded.get(encoding);
  if (!encoded) shared.encoded.set(encoding, (encoded = encoders[encoding](shared.body)));
  return encoded;
}

function isText(contentType: unknown): boolean {
  return (
    typeof contentType === 'string' &&
    /^(application\/(json|xml|[\w.-]+\+xml)|text\/)/.test(contentType)
  );
}

function varyWithEncoding(vary: unknown): string {
  const current = typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
