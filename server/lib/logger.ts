import pino from 'pino';

export type Logger = pino.Logger;

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/** One JSON log line as a person reads it: "14:02:07 WARN  message  key=value …". */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[record.level as number] ?? String(record.level)).padEnd(5);
  const extra = Object.entries(record)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object') return `error=${JSON.stringify((value as { message?: unknown }).message ?? value)}`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join(' ');
  return `${time} ${level} ${String(record.msg ?? '')}${extra ? `  ${extra}` : ''}\n`;
}

/**
 * Structured logs: JSON lines for production and log collectors, short readable lines in a terminal
 * (`format` 'auto' picks by whether stdout is one). Secrets never reach them: bodies are not logged and
 * these paths are redacted.
 */
export function createLogger(level: string, format: 'auto' | 'json' | 'pretty' = 'json'): Logger {
  const options = {
    level,
    redact: {
      paths: ['password', 'newPassword', 'confirmPassword', 'otp', 'token', 'authToken', '*.password', '*.token', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  };
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return pino(options);
  return pino(options, { write: (line: string) => void process.stdout.write(prettyLine(line)) });
}
