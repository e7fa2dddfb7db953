import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Secrets never reach them: bodies are not logged and these paths are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['password', 'newPassword', 'confirmPassword', 'otp', 'token', 'authToken', '*.password', '*.token', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  });
}
