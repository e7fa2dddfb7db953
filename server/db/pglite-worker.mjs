// The embedded PGlite database in a worker thread of its own (see pglite-thread.ts, which starts it).
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader the server runs under
// (tsx in `npm start`, vite-node in the tests), so this file must load in bare Node.
//
// Protocol, over the worker's parent port, one message per request and one answer per message, in order:
//   { id, op: 'query', sql, params }  → { id, result: { rows, affectedRows } }
//   { id, op: 'close' }                → { id, result: null }   (then the main thread ends this one)
//   any failure                        → { id, error: { message, name, stack, code, detail, constraint, ... } }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The PostgreSQL error fields a caller may read (pg's DatabaseError and PGlite's carry the same names). */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine', 'severity', 'length'];

function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const plain = { message: error.message, name: error.name, stack: error.stack };
  for (const field of ERROR_FIELDS) {
    const value = error[field];
    if (value !== undefined && (typeof value === 'string' || typeof value === 'number')) plain[field] = value;
  }
  return plain;
}

const port = parentPort;

async function answer(message) {
  const { id, op } = message;
  try {
    if (op === 'query') {
      const result = await db.query(message.sql, message.params);
      port.postMessage({ id, result: { rows: result.rows, affectedRows: result.affectedRows } });
    } else if (op === 'close') {
      await db.close();
      port.postMessage({ id, result: null });
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    // Also a row that cannot cross to the main thread (structured clone) lands here, as that query's error.
    port.postMessage({ id, error: serializeError(error) });
  }
}

let db;
try {
  db = await PGlite.create(workerData.dataPath, {
    // Keep DATE as a plain 'YYYY-MM-DD' string rather than a local-midnight Date (as node-postgres is set up).
    parsers: { 1082: (value) => value },
  });
} catch (error) {
  // Opening failed (a data directory another process holds, a corrupt one): the caller's open rejects with this.
  port.postMessage({ id: 0, error: serializeError(error) });
  port.close();
}
if (db) {
  port.on('message', (message) => void answer(message));
  port.postMessage({ id: 0, result: null });
}
