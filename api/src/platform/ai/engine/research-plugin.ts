import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import type { ResearchToolkit } from './research-toolkit.js';
import type { EvidenceCheck, FactSource, ResearchEngine, ResearchTool } from './types.js';

/** Confirms a fact whose source is of kind K (a SEC filing's tag, a page of an upload...). */
export type FactCheck<K extends FactSource['kind']> = (db: DataSource, source: Extract<FactSource, { kind: K }>) => Promise<EvidenceCheck>;

/** What a plugin's engine parts are built from: the process's tools (every plugin's) and evidence checker. */
export interface ResearchPluginContext {
  readonly db: DataSource;
  readonly config: AppConfig;
  readonly toolkit: ResearchToolkit;
}

/**
 * What a feature adds to research (issue 25 §1): its tools, the check of the facts it cites, the
 * questions it answers itself. A feature exports one; the composition root lists them
 * (api/src/research-plugins.ts), and research builds its tools, evidence checker and engine from
 * the list, so a new market or document kind touches its own folder and that one line.
 */
export interface ResearchPlugin {
  readonly name: string;
  /** Tools beside research's own, for the built-in engine, a model's function calls and MCP. */
  readonly tools?: (db: DataSource) => ResearchTool[];
  /** The checks of the fact sources this feature's tools cite. */
  readonly factChecks?: { readonly [K in FactSource['kind']]?: FactCheck<K> };
  /**
   * The built-in analyst for this feature's questions (a company named by its CIK), in front of
   * `next` (the register analyst, or an earlier plugin's): it answers without a model, and when a
   * model fails.
   */
  readonly builtIn?: (next: ResearchEngine, context: ResearchPluginContext) => ResearchEngine;
  /** In front of the whole engine (model or built-in): questions it owns (over a chat's uploads) it answers itself. */
  readonly engine?: (next: ResearchEngine, context: ResearchPluginContext) => ResearchEngine;
}
