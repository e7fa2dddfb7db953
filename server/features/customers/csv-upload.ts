import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, fieldError } from '../../lib/app-error.ts';

export type CsvUpload = { fields: Record<string, string>; file: Readable };

const RAW_CSV = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

/**
 * The CSV as a stream, never held whole: a multipart upload (fields first, then the `file` part) read with busboy,
 * or a raw text/csv body. Fields sent after the file are not seen, so the client sends `mapping` first.
 */
export function openCsvUpload(request: Request, maxBytes: number): Promise<CsvUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) return Promise.reject(fieldError('file', 'Choose a CSV file to import'));
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
  if (RAW_CSV.test(contentType)) return Promise.resolve({ fields: {}, file: body });
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(new AppError(415, 'Send the CSV as multipart/form-data (field "file") or as text/csv', 'unsupported_media_type'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let settled = false;
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 10, fieldSize: 256 * 1024, fileSize: maxBytes } });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || settled) {
        stream.resume();
        return;
      }
      settled = true;
      stream.on('limit', () => stream.destroy(new AppError(413, 'The file is too large', 'payload_too_large')));
      resolve({ fields, file: stream });
    });
    parser.on('close', () => {
      if (!settled) reject(fieldError('file', 'Choose a CSV file to import'));
    });
    parser.on('error', (error) => {
      if (!settled) reject(new AppError(400, `The upload could not be read: ${(error as Error).message}`, 'validation'));
    });
    body.pipe(parser);
  });
}
