import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string };

/**
 * A small S3-compatible server (path-style: /{bucket}/{key}) following the documented REST API
 * for PutObject, GetObject (with Range), HeadObject and DeleteObject. Signatures are not checked.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; key: string; range?: string }[] = [];
  const notFound = (res: http.ServerResponse, key: string) => {
    res.writeHead(404, { 'Content-Type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (first !== bucket) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
      return;
    }
    requests.push({ method: req.method ?? '', key, range: req.headers.range });
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { ETag: '"fake"' });
        res.end();
      });
      return;
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    if (!object) return notFound(res, key);
    const size = object.body.length;
    const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (match) {
      const start = Number(match[1]);
      if (start >= size) {
        res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Type': 'application/xml' });
        res.end('<Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>');
        return;
      }
      const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
      res.writeHead(206, { 'Content-Type': object.contentType, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Accept-Ranges': 'bytes' });
      res.end(req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
    res.end(req.method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
