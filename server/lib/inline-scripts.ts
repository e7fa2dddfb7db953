import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The CSP sources ('sha256-…') that allow an HTML page's inline scripts: index.html's loader, which fetches the
 * JavaScript after the sign-in screen's first paint (scripts/first-paint.ts). Hashes, not 'unsafe-inline': nothing
 * else inline may run.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

/** The same for a file (the built index.html), read again only when it changes (a build over a running server). */
export function fileScriptHashes(file: string): () => string {
  let seen = '';
  let hashes = '';
  return () => {
    try {
      const stat = fs.statSync(file);
      const key = `${stat.mtimeMs}:${stat.size}`;
      if (key !== seen) {
        hashes = inlineScriptHashes(fs.readFileSync(file, 'utf8')).join(' ');
        seen = key;
      }
    } catch {
      hashes = '';
      seen = '';
    }
    return hashes;
  };
}
