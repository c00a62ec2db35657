import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiFetchBlob, apiFetchWithHeaders } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every fetch with `response` and records what was asked. */
function serve(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(response());
  });
  return calls;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

/** The ApiError a call rejects with (the test fails when it resolves instead). */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a call that succeeds', () => {
  it('asks /api for JSON with the session cookie and answers the parsed body', async () => {
    const calls = serve(() => json([{ _id: '1' }]));
    expect(await apiFetch('/publisher')).toEqual([{ _id: '1' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/publisher');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(new Headers(calls[0]!.init.headers).get('accept')).toBe('application/json');
  });

  it('sends a JSON body as JSON, with its content type', async () => {
    const calls = serve(() => json({ insertedId: '9' }, { status: 201 }));
    await apiFetch('/articles', { method: 'POST', json: { name: 'A title' } });
    expect(calls[0]!.init.body).toBe('{"name":"A title"}');
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json');
  });

  it('sends any other body as it is, with no JSON content type', async () => {
    const form = new FormData();
    form.set('image', 'x');
    const calls = serve(() => json({}));
    await apiFetch('/images', { method: 'POST', body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(new Headers(calls[0]!.init.headers).has('content-type')).toBe(false);
  });

  it('keeps headers the caller set', async () => {
    const calls = serve(() => json({}));
    await apiFetch('/users/me', { headers: { 'x-trace': 'abc' } });
    expect(new Headers(calls[0]!.init.headers).get('x-trace')).toBe('abc');
  });

  it('answers an empty body as undefined', async () => {
    serve(() => new Response(null, { status: 204 }));
    expect(await apiFetch('/articles/1', { method: 'DELETE' })).toBeUndefined();
  });

  it('answers the headers too when asked (a list and its total)', async () => {
    serve(() => json([], { headers: { 'X-Total-Count': '42' } }));
    const { data, headers } = await apiFetchWithHeaders('/articles');
    expect(data).toEqual([]);
    expect(headers.get('X-Total-Count')).toBe('42');
  });
});

describe('a call that fails', () => {
  it("throws the server's code and message with the status", async () => {
    serve(() => json({ error: 'forbidden', message: 'Admins only.' }, { status: 403 }));
    const error = await refusal(apiFetch('/users'));
    expect([error.status, error.code, error.message]).toEqual([403, 'forbidden', 'Admins only.']);
    expect(error.isClientError).toBe(true);
  });

  it('says the server could not answer when a 5xx has no error body (a proxy page)', async () => {
    serve(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await refusal(apiFetch('/articles'));
    expect([error.status, error.code]).toEqual([502, 'http_error']);
    expect(error.message).toBe('The server could not answer (502). Please try again shortly.');
    expect(error.isClientError).toBe(false);
  });

  it('names the status of a 4xx without an error body', async () => {
    serve(() => json({ unexpected: true }, { status: 404 }));
    const error = await refusal(apiFetch('/nowhere'));
    expect([error.status, error.code, error.message]).toEqual([
      404,
      'http_error',
      'The request failed (404).',
    ]);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await refusal(apiFetch('/articles'));
    expect([error.status, error.code]).toEqual([0, 'network_error']);
    expect(error.message).toBe('Could not reach the server. Check your connection.');
    expect(error.isClientError).toBe(false);
  });

  it('passes an abort through untouched: the caller cancelled it', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', () => {
      controller.abort();
      return Promise.reject(abort);
    });
    await expect(apiFetch('/articles', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('hands the signal to fetch', async () => {
    const controller = new AbortController();
    const calls = serve(() => json({}));
    await apiFetch('/articles', { signal: controller.signal });
    expect(calls[0]!.init.signal).toBe(controller.signal);
  });
});

describe('a call for another type than JSON', () => {
  it('asks for that type with the session cookie and answers the body as a Blob', async () => {
    const calls = serve(
      () => new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const body = await apiFetchBlob('/analytics/overview?table=sources', 'text/csv');
    expect(await body.text()).toBe('a,b\n1,2\n');
    expect(calls[0]!.url).toBe('/api/analytics/overview?table=sources');
    expect(new Headers(calls[0]!.init.headers).get('Accept')).toBe('text/csv');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('throws the server’s error as an ApiError', async () => {
    serve(() => json({ error: 'forbidden', message: 'Admins only' }, { status: 403 }));
    const error = await refusal(apiFetchBlob('/analytics/overview', 'text/csv'));
    expect([error.status, error.code, error.message]).toEqual([403, 'forbidden', 'Admins only']);
  });
});
