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
      const result = PREPARE_ALL && preparable(message.sql) ? await runPrepared(message.sql, message.params, false) : await db.query(message.sql, message.params);
      port.postMessage({ id, result: { rows: result.rows, affectedRows: result.affectedRows } });
    } else if (op === 'prepared') {
      const result = await runPrepared(message.sql, message.params, true);
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
 * Statements run as named prepared statements: parsed once per session (up to `KEEP_PREPARED` texts, the least
 * recently used closed first), then bound and executed in one crossing into PostgreSQL (PGlite's `query()` makes six:
 * parse, describe, bind, describe, execute, sync, and parses the text every time). PostgreSQL still plans each call for
 * its values (`plan_cache_mode = force_custom_plan`, as an unnamed statement would be), except statements marked hot
 * (`op: 'prepared'`, the sending ledger's step: server/features/sending/ledger.ts), which get one generic plan: the
 * setting is switched in the same message buffer around that statement only. A generic plan is made without the values
 * and leans on the table's statistics (PGlite has no autovacuum: the ledger is analyzed after each large audience
 * snapshot, see server/features/sending/engine.ts); any change of statistics or schema has PostgreSQL plan it again.
 * `PGLITE_PREPARED=0` (workerData.prepareAll false) leaves everything but the hot statements to `query()`.
 */
const PREPARE_ALL = workerData.prepareAll !== false;
const KEEP_PREPARED = 500;
const prepared = new Map(); // statement text → { name, types }, in order of last use
let preparedCount = 0;
const PLAN_GENERIC = 'SET plan_cache_mode = force_generic_plan';
const PLAN_CUSTOM = 'SET plan_cache_mode = force_custom_plan';
/** One data statement (Kysely sends one per call), not a utility command such as BEGIN, SET or ANALYZE. */
const preparable = (sql) => /^\s*(?:\/\*[^*]*\*\/\s*)?(select|insert|update|delete|with)\b/i.test(sql);
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

async function runPrepared(sql, params, generic) {
  try {
    return await runPreparedOnce(sql, params, generic);
  } catch (error) {
    // The table behind a `SELECT *` changed (a migration): outside a transaction nothing ran, so it goes again, parsed
    // anew. Inside one, the transaction is aborted and its caller sees the error.
    if (error?.code === '0A000' && /cached plan must not change result type/.test(error.message) && !db.isInTransaction()) return runPreparedOnce(sql, params, generic);
    throw error;
  }
}

async function runPreparedOnce(sql, params, generic) {
  const result = await db.runExclusive(async () => {
    let statement = prepared.get(sql);
    if (statement) prepared.delete(sql);
    else {
      const name = `mise_prepared_${++preparedCount}`;
      const parts = [serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name })];
      const oldest = prepared.size >= KEEP_PREPARED ? prepared.keys().next().value : undefined;
      if (oldest !== undefined) {
        parts.push(serialize.close({ type: 'S', name: prepared.get(oldest).name }));
        prepared.delete(oldest);
      }
      const described = await db.execProtocolStream(joined([...parts, serialize.sync()]), quiet);
      statement = { name, types: parse.parseDescribeStatementResults(described) };
    }
    prepared.set(sql, statement);
    const { name, types } = statement;
    const values = params.map((value, i) => (value === null || value === undefined ? null : (db.serializers[types[i]] ?? String)(value)));
    const run = [serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
    try {
      const messages = await db.execProtocolStream(joined(generic ? [serialize.query(PLAN_GENERIC), ...run, serialize.query(PLAN_CUSTOM)] : run), quiet);
      // One result per command (with the switch of plans around it: SET, the statement, SET).
      return parse.parseResults(messages, db.parsers)[generic ? 1 : 0];
    } catch (error) {
      // The buffer ran to its end (the switch back too, unless a transaction block is aborted: its ROLLBACK undoes
      // the first switch). A statement PostgreSQL no longer knows, or whose result changed shape after a change of
      // schema, is parsed again next time.
      if (error?.code === '26000' || error?.code === '0A000') prepared.delete(sql);
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
  await db.exec(PLAN_CUSTOM);
  port.on('message', (message) => void answer(message));
  port.postMessage({ id: 0, result: null });
}
