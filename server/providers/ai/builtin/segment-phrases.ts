import type { SegmentDefinition, SegmentNode } from '../../../../src/contract/segments.ts';
import type { SegmentProposal } from '../ai-types.ts';
import { RULES } from './phrase-rules.ts';
import { FILLER, normalise } from './phrase-text.ts';

/**
 * The builtin segment "model": a deterministic phrase parser. It understands the common ways owners
 * describe customers and refuses (returns null) when any meaningful word is left unexplained, so the
 * owner is asked to rephrase rather than shown a segment that silently ignored part of the request.
 */

type Hit = { start: number; nodes: SegmentNode[] };

export function parseSegmentQuery(query: string, now: Date): SegmentProposal | null {
  let text = normalise(query);
  const hits: Hit[] = [];
  for (const rule of RULES) {
    const matches = [...text.matchAll(rule.re)].filter((m) => m[0].trim() !== '');
    for (const match of matches) {
      const start = match.index + (match[0].length - match[0].trimStart().length);
      hits.push({ start, nodes: rule.build(match.groups ?? {}, { now }, match[0]) });
      text = text.slice(0, match.index) + ' '.repeat(match[0].length) + text.slice(match.index + match[0].length);
    }
  }
  if (hits.length === 0) return null;

  const orPositions: number[] = [];
  for (const word of text.matchAll(/[^\s,."'()/&-]+/g)) {
    if (word[0] === 'or') orPositions.push(word.index);
    else if (!FILLER.has(word[0])) return null;
  }

  const definition = combine(hits.sort((a, b) => a.start - b.start), orPositions);
  return { title: titleOf(query), definition };
}

/** Conditions joined by a leftover "or" become OR branches; everything else is ANDed. */
function combine(hits: Hit[], orPositions: number[]): SegmentDefinition {
  const branches: SegmentNode[][] = [[]];
  let nextOr = 0;
  for (const hit of hits) {
    while (nextOr < orPositions.length && orPositions[nextOr]! < hit.start) {
      if (branches.at(-1)!.length > 0) branches.push([]);
      nextOr++;
    }
    branches.at(-1)!.push(...hit.nodes);
  }
  const filled = branches.map(dedupe).filter((branch) => branch.length > 0);
  if (filled.length > 1) {
    return { type: 'group', op: 'or', conditions: filled.map((branch) => (branch.length === 1 ? branch[0]! : { type: 'group', op: 'and', conditions: branch })) };
  }
  const only = filled[0] ?? [];
  if (only.length === 1 && only[0]!.type === 'group') return only[0];
  return { type: 'group', op: 'and', conditions: only };
}

function dedupe(nodes: SegmentNode[]): SegmentNode[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const key = JSON.stringify(node);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The owner's words, tidied, make the best title: they will recognise it in the list. */
function titleOf(query: string): string {
  const words = query.trim().replace(/\s+/g, ' ').replace(/[?.!]+$/, '');
  const short = words.length <= 60 ? words : `${words.slice(0, 57).replace(/\s+\S*$/, '')}…`;
  return short.charAt(0).toUpperCase() + short.slice(1);
}
