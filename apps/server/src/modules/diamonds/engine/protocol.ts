/** What the main thread and the search thread say to each other. */
import type { EngineSearch } from './search.ts';
import type { StoneChunk } from './stones.ts';
import type { FacetSet } from './facets.ts';
import type { Lookups } from '../repository.ts';
import type { Condition } from '../filter.ts';

export type EngineRequest = { id: number } & (
  | { kind: 'begin'; expected: number }
  | { kind: 'append'; chunk: StoneChunk }
  | { kind: 'finish' }
  | { kind: 'load-sqlite'; file: string; sql: string; expected: number }
  | { kind: 'apply'; chunk: StoneChunk; gone: number[] }
  | { kind: 'search'; search: EngineSearch }
  | { kind: 'lookups'; lookups: Lookups }
  | { kind: 'page'; search: EngineSearch }
  | { kind: 'facets'; sets: FacetSet[] }
  | { kind: 'similar'; ids: number[]; list: number }
  | { kind: 'value-chart'; conditions: Condition[]; limit: number; best: number }
);

export type EngineReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });
