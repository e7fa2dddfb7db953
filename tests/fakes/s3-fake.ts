import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; metadata: Record<string, string> };
type MultipartUpload = { key: string; contentType: string; metadata: Record<string, string>; parts: Map<number, Buffer> };

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const etagOf = (body: Buffer) => `"${body.length.toString(16)}-${randomBytes(4).toString('hex')}"`;

/**
 * A small S3-compatible server (path-style: /{bucket}/{key}) following the documented REST API
 * for PutObject, GetObject (with Range), HeadObject, DeleteObject, DeleteObjects, user metadata (`x-amz-meta-*`)
 * and multipart uploads (CreateMultipartUpload, UploadPart, ListParts, CompleteMultipartUpload,
 * AbortMultipartUpload), which is what @tus/s3-store uses for resumable uploads. Signatures are not checked.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, StoredObject>();
  const multipart = new Map<string, MultipartUpload>();
  const requests: { method: string; key: string; range?: string; query?: string }[] = [];
  const error = (res: http.ServerResponse, status: number, code: string, message: string, key = '') => {
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><Key>${xmlEscape(key)}</Key></Error>`);
  };
  const notFound = (res: http.ServerResponse, key: string) => error(res, 404, 'NoSuchKey', 'The specified key does not exist.', key);
  const xml = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };
  const userMetadata = (req: http.IncomingMessage) =>
    Object.fromEntries(Object.entries(req.headers).flatMap(([name, value]) => (name.startsWith('x-amz-meta-') && typeof value === 'string' ? [[name, value]] : [])));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (first !== bucket) return error(res, 404, 'NoSuchBucket', 'No such bucket');
    const query = url.searchParams;
    requests.push({ method: req.method ?? '', key, range: req.headers.range, query: url.search || undefined });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const uploadId = query.get('uploadId');

      if (req.method === 'POST' && query.has('delete')) {
        const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
        for (const deleted of keys) objects.delete(deleted);
        return xml(res, `<DeleteResult>${keys.map((deleted) => `<Deleted><Key>${xmlEscape(deleted)}</Key></Deleted>`).join('')}</DeleteResult>`);
      }
      if (req.method === 'POST' && query.has('uploads')) {
        const id = randomBytes(12).toString('hex');
        multipart.set(id, { key, contentType: req.headers['content-type'] ?? 'binary/octet-stream', metadata: userMetadata(req), parts: new Map() });
        return xml(res, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      }
      if (uploadId !== null) {
        const upload = multipart.get(uploadId);
        if (!upload || upload.key !== key) return error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.', key);
        if (req.method === 'PUT') {
          const partNumber = Number(query.get('partNumber'));
          upload.parts.set(partNumber, body);
          res.writeHead(200, { ETag: `"part-${partNumber}"` });
          return res.end();
        }
        if (req.method === 'GET') {
          const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
          return xml(
            res,
            `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts
              .map(([n, part]) => `<Part><PartNumber>${n}</PartNumber><ETag>"part-${n}"</ETag><Size>${part.length}</Size></Part>`)
              .join('')}</ListPartsResult>`,
          );
        }
        if (req.method === 'POST') {
          const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
          if (numbers.some((n) => !upload.parts.has(n))) return error(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.', key);
          const whole = Buffer.concat(numbers.map((n) => upload.parts.get(n)!));
          const etag = etagOf(whole);
          objects.set(key, { body: whole, contentType: upload.contentType, metadata: upload.metadata });
          multipart.delete(uploadId);
          return xml(res, `<CompleteMultipartUploadResult><Location>/${bucket}/${xmlEscape(key)}</Location><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`);
        }
        if (req.method === 'DELETE') {
          multipart.delete(uploadId);
          res.writeHead(204);
          return res.end();
        }
      }

      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', metadata: userMetadata(req) });
        res.writeHead(200, { ETag: etagOf(body) });
        return res.end();
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!object) return notFound(res, key);
      const size = object.body.length;
      const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (match) {
        const start = Number(match[1]);
        if (start >= size) {
          res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Type': 'application/xml' });
          return res.end('<Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>');
        }
        const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
        res.writeHead(206, { ...object.metadata, 'Content-Type': object.contentType, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Accept-Ranges': 'bytes' });
        return res.end(req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
      }
      res.writeHead(200, { ...object.metadata, 'Content-Type': object.contentType, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    /** Multipart uploads begun and neither completed nor aborted, by upload id. */
    multipart,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
