import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/config';

/**
 * A local HTTP fake of the Stripe endpoints the server uses (create and retrieve a payment
 * intent), answering in Stripe's shapes, so the real SDK is exercised without the internet.
 * What Stripe.js does in the browser (paying an intent with a card) is `succeed`; events are
 * signed with the SDK's own test-header helper, as Stripe signs its webhooks.
 */
export interface StripeFake {
  config: Extract<PaymentsConfig, { kind: 'stripe' }>;
  /** The card form paid this intent. */
  succeed(id: string): void;
  /** Changes what Stripe reports for an intent (a test of our checks, not a Stripe feature). */
  alter(id: string, change: Partial<FakeIntent>): void;
  /** Answers every API call with a 500 until `down(false)`. */
  down(isDown: boolean): void;
  /** A `payment_intent.succeeded` event for this intent: the body and its signature header. */
  signedEvent(id: string, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

const secretKey = 'sk_test_tribune_fake';
const webhookSecret = 'whsec_tribune_fake';
const signer = new Stripe(secretKey);

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  let isDown = false;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (isDown) return send(response, 500, { error: { type: 'api_error', message: 'down' } });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(await readBody(request));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: metadataOf(form),
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return send(response, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1] ?? ''));
      if (intent) return send(response, 200, intent);
      return send(response, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${match[1]}'`,
        },
      });
    }
    send(response, 404, { error: { type: 'invalid_request_error', message: 'Unknown route' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intent = (id: string): FakeIntent => {
    const found = intents.get(id);
    if (!found) throw new Error(`the Stripe fake has no intent ${id}`);
    return found;
  };

  return {
    config: {
      kind: 'stripe',
      secretKey,
      publishableKey: 'pk_test_tribune_fake',
      webhookSecret,
      apiUrl: `http://127.0.0.1:${port}`,
    },
    succeed: (id) => {
      intent(id).status = 'succeeded';
    },
    alter: (id, change) => {
      Object.assign(intent(id), change);
    },
    down: (value) => {
      isDown = value;
    },
    signedEvent: (id, secret = webhookSecret) => {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: intents.get(id) ?? { id, object: 'payment_intent' } },
      });
      return {
        body,
        signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Stripe's form encoding nests metadata as `metadata[key]=value`. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
