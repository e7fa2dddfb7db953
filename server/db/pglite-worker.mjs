// The embedded PGlite database in a worker thread of its own (see pglite-thread.ts, which starts it).
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader the server runs under
// (tsx in `npm start`, vite-node in the tests), so this file must load in bare Node.
//
// Protocol, over the worker's parent port, one message per request and one answer per message, in order:
//   { id, op: 'query', sql, params }  → { id, result: { rows, affectedRows } }
//   { id, op: 'prepared', sql, params } → { id, result: { rows, affectedRows } }   (see runPrepared)
//   { id, op: 'close' }                → { id, result: null }   (then the main thread ends this one)
//   any failure                        → { id, error: { message, name, stack, code, detail, constraint, ... } }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

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
    } else if (op === 'prepared') {
      const result = await runPrepared(message.sql, message.params);
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

/**
 * A hot statement run as a named prepared statement with a generic plan: parsed and planned once per session, then
 * only bound and executed (one crossing into PostgreSQL instead of PGlite's six for `query()`, and no planning).
 * The generic plan is asked for around this statement only (`plan_cache_mode` set and reset in the same message
 * buffer), so every other statement keeps PostgreSQL's usual choice. Measured on the sending ledger's step statement:
 * about 1 ms instead of 2 (server/features/sending/ledger.ts).
 */
const prepared = new Map(); // statement text → { name, types }
let preparedCount = 0;
/**
 * One plan per prepared statement, made without the values, so it must not depend on them; it does depend on the
 * table's statistics (PGlite has no autovacuum: the ledger is analyzed after each large audience snapshot, see
 * server/features/sending/engine.ts). Any change of statistics or schema has PostgreSQL plan it again.
 */
const PLAN_FOR_PREPARED = 'SET plan_cache_mode = force_generic_plan';
const PLAN_AS_USUAL = 'RESET plan_cache_mode';
const { serialize } = protocol;
const quiet = { syncToFs: false };

function joined(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function runPrepared(sql, params) {
  const result = await db.runExclusive(async () => {
    let statement = prepared.get(sql);
    if (!statement) {
      const name = `mise_prepared_${++preparedCount}`;
      const described = await db.execProtocolStream(joined([serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]), quiet);
      statement = { name, types: parse.parseDescribeStatementResults(described) };
      prepared.set(sql, statement);
    }
    const { name, types } = statement;
    const values = params.map((value, i) => (value === null || value === undefined ? null : (db.serializers[types[i]] ?? String)(value)));
    try {
      const messages = await db.execProtocolStream(
        joined([
          serialize.query(PLAN_FOR_PREPARED),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          serialize.query(PLAN_AS_USUAL),
        ]),
        quiet,
      );
      // One result per command: SET, the statement, RESET.
      return parse.parseResults(messages, db.parsers)[1];
    } catch (error) {
      // The buffer ran to its end (the RESET too, unless a transaction block is aborted: its ROLLBACK undoes the SET).
      if (error?.code === '26000') prepared.delete(sql);
      throw error;
    }
  });
  await db.syncToFs();
  return result;
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
