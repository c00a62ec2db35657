import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import S3rver from 's3rver';
import type { ImageStoreConfig } from '#server/config';

/**
 * The real local peers the image stores are tested against: a folder, an S3-compatible server
 * (s3rver) and a stand-in for imgbb's upload API. Each says how many images it holds, so a test
 * can check that a refused upload stored nothing.
 */
export interface ImagePeer {
  name: string;
  images: ImageStoreConfig;
  /** Images held; `dataDir` is the test app's, where the local store writes. */
  storedCount(dataDir: string): Promise<number>;
  close(): Promise<void>;
}

export const imagePeers: { name: string; start: () => Promise<ImagePeer> }[] = [
  { name: 'local', start: startLocalPeer },
  { name: 's3', start: startS3Peer },
  { name: 'imgbb', start: startImgbbPeer },
];

async function startLocalPeer(): Promise<ImagePeer> {
  return {
    name: 'local',
    images: { kind: 'local' },
    // Temporary files count too: a refused or failed upload must leave nothing at all.
    storedCount: async (dataDir) =>
      (await readdir(path.join(dataDir, 'uploads')).catch(() => [])).length,
    close: async () => undefined,
  };
}

export const s3Bucket = 'tribune-images';
export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** s3rver on a free port, keeping its objects in a temporary folder. */
export async function startS3Peer(): Promise<ImagePeer & { client: S3Client }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tribune-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: s3Bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: s3Credentials,
  });
  return {
    name: 's3',
    client,
    images: {
      kind: 's3',
      bucket: s3Bucket,
      region: 'us-east-1',
      endpoint,
      ...s3Credentials,
      publicUrl: `${endpoint}/${s3Bucket}`,
      forcePathStyle: true,
    },
    storedCount: async () => {
      const list = await client.send(new ListObjectsV2Command({ Bucket: s3Bucket }));
      return list.KeyCount ?? 0;
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export const imgbbKey = 'test-imgbb-key-0123456789';

export interface ImgbbUpload {
  bytes: Buffer;
  contentType: string;
}

/**
 * A stand-in for imgbb's API v1 on a free port: POST /1/upload?key=… with one multipart field
 * `image` answers imgbb's shape, and GET /i/<id> serves what was uploaded. `failWith` makes the
 * next uploads fail the way imgbb does.
 */
export async function startImgbbPeer(): Promise<
  ImagePeer & { uploads: ImgbbUpload[]; failWith(status: number | undefined): void }
> {
  const uploads: ImgbbUpload[] = [];
  let failure: number | undefined;
  const server = Fastify();
  await server.register(multipart);

  server.post('/1/upload', async (request, reply) => {
    const { key } = request.query as { key?: string };
    if (key !== imgbbKey) return reply.status(400).send(imgbbError(400, 'Invalid API v1 key.'));
    if (failure) return reply.status(failure).send(imgbbError(failure, 'Upload failed.'));
    const parts = [];
    for await (const part of request.parts()) {
      parts.push(part.type === 'file' ? { ...part, bytes: await part.toBuffer() } : part);
    }
    const [image] = parts;
    if (parts.length !== 1 || image?.fieldname !== 'image' || !('bytes' in image)) {
      return reply.status(400).send(imgbbError(400, 'Empty upload source.'));
    }
    uploads.push({ bytes: image.bytes, contentType: image.mimetype });
    const id = String(uploads.length);
    const base = `http://127.0.0.1:${port}`;
    const url = `${base}/i/${id}`;
    return {
      data: {
        id,
        title: id,
        url_viewer: `${base}/view/${id}`,
        url,
        display_url: url,
        width: '1',
        height: '1',
        size: image.bytes.length,
        time: Math.floor(Date.now() / 1000),
        expiration: 0,
        image: { filename: image.filename, mime: image.mimetype, url },
        delete_url: `${base}/delete/${id}`,
      },
      success: true,
      status: 200,
    };
  });

  server.get('/i/:id', async (request, reply) => {
    const upload = uploads[Number((request.params as { id: string }).id) - 1];
    if (!upload) return reply.status(404).send();
    return reply.type(upload.contentType).send(upload.bytes);
  });

  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    name: 'imgbb',
    uploads,
    failWith: (status) => {
      failure = status;
    },
    images: { kind: 'imgbb', apiKey: imgbbKey, uploadUrl: `http://127.0.0.1:${port}/1/upload` },
    storedCount: async () => uploads.length,
    close: () => server.close(),
  };
}

function imgbbError(status: number, message: string) {
  return { status_code: status, error: { message, code: 100 }, status_txt: 'Bad Request' };
}
