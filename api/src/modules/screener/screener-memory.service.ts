import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ScreenerTable } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { supportsCopy } from '../../core/database/bulk-insert.js';
import {
  decodeCursor,
  InvalidCursorError,
  readKeyedPage,
  screenerBadRequest,
  sortFingerprint,
  type PageQuery,
  type PageResult,
  type ScreenerRequest,
} from '../../core/screener-query/index.js';
import { memoryPage } from '../../core/screener-query/memory/memory-page.js';
import { memoryTableBytes, type MemoryTable } from '../../core/screener-query/memory/memory-table.js';
import { loadMemoryTable, readGeneration } from './screener-memory.loader.js';
import { SCREENER_TABLES, type ScreenerTableSpec } from '../../platform/register/views/screener-tables.js';

interface Held {
  /** The generation last loaded (or found too small), and what was loaded. */
  generation: string | null;
  table: MemoryTable | null;
  loading: Promise<void> | null;
}

/**
 * The big screener views held in memory (server Postgres): a page whose filters and sort the copy
 * can answer is chosen here (an exact count and a walk over typed arrays, a few milliseconds at
 * any selectivity) and its rows read from the view by key; anything else, and every page while a
 * copy is loading or stale, runs in the database as before. A copy is stale once the view's
 * generation (raised by each refresh) moves on; the next page then starts a new load.
 */
@Injectable()
export class ScreenerMemory implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ScreenerMemory');
  private readonly held = new Map<ScreenerTable, Held>();
  private closed = false;
  /** Pages answered from memory (for tests and the benchmark). */
  served = 0;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.screenerMemory.enabled && supportsCopy(this.db);
  }

  /**
   * The page from memory, or null when it must run in the database (no copy at the view's current
   * generation yet, a filter or sort the copy does not hold, the search box, a cursor from
   * elsewhere, or rows that changed meanwhile). Throws the runPage 400 for a cursor that is not valid.
   */
  async page<Row = Record<string, unknown>>(
    table: ScreenerTable,
    request: ScreenerRequest,
    query: PageQuery,
  ): Promise<PageResult<Row> | null> {
    if (!this.enabled || request.globalFilter) return null;
    const spec = SCREENER_TABLES[table];
    const copy = await this.current(table, spec);
    if (!copy) return null;
    let cursor: { direction: 'after' | 'before'; row: number; page: number } | null = null;
    if (request.cursor) {
      let payload;
      try {
        payload = decodeCursor(request.cursor, sortFingerprint(query.sort, query.tiebreak));
      } catch (error) {
        if (error instanceof InvalidCursorError) throw screenerBadRequest(error.message);
        throw error;
      }
      const [generation, rowText] = (payload.hint ?? '').split('.');
      const row = Number(rowText);
      if (generation !== copy.generation || !Number.isInteger(row) || row < 0 || row >= copy.rowCount || copy.keys.get(row) !== payload.key)
        return null;
      cursor = { direction: payload.direction, row, page: payload.page };
    }
    const chosen = memoryPage(copy, {
      filters: request.filters,
      sortBy: request.sortBy,
      sortOrder: request.sortOrder,
      page: request.page,
      pageSize: request.pageSize,
      cursor,
    });
    if (!chosen) return null;
    const answer = await readKeyedPage<Row>(this.db, query, {
      keys: chosen.rows.map((row) => copy.keys.get(row)),
      hints: chosen.rows.map((row) => `${copy.generation}.${row}`),
      total: chosen.total,
      pageCount: chosen.pageCount,
      page: chosen.page,
      pageSize: request.pageSize,
      hasNext: chosen.hasNext,
      hasPrev: chosen.hasPrev,
    });
    if (answer) this.served++;
    return answer;
  }

  /** Waits until every screener view is held at its current generation (or found too small). For tests and benchmarks. */
  async ready(): Promise<void> {
    if (!this.enabled) return;
    for (const table of Object.keys(SCREENER_TABLES) as ScreenerTable[]) {
      while (!this.closed) {
        const spec = SCREENER_TABLES[table];
        const generation = await readGeneration(this.db, spec.view);
        const held = this.held.get(table);
        if (held?.generation === generation && !held.loading) break;
        this.startLoad(table, spec, generation);
        await this.held.get(table)!.loading;
      }
    }
  }

  /** Starts reading the big views at start-up, in the background, so that the first pages find them held. */
  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    for (const table of Object.keys(SCREENER_TABLES) as ScreenerTable[]) {
      const spec = SCREENER_TABLES[table];
      readGeneration(this.db, spec.view)
        .then((generation) => this.startLoad(table, spec, generation))
        .catch(() => undefined);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.held.values()].flatMap((held) => held.loading ?? []));
  }

  private async current(table: ScreenerTable, spec: ScreenerTableSpec): Promise<MemoryTable | null> {
    const generation = await readGeneration(this.db, spec.view);
    const held = this.held.get(table);
    if (held?.generation === generation) return held.table;
    this.startLoad(table, spec, generation);
    return null;
  }

  /** Loads the view in the background (one load at a time); a failed load is not retried until the view changes. */
  private startLoad(table: ScreenerTable, spec: ScreenerTableSpec, generation: string): void {
    const held = this.held.get(table) ?? { generation: null, table: null, loading: null };
    this.held.set(table, held);
    if (held.loading || this.closed) return;
    const started = Date.now();
    held.loading = loadMemoryTable(this.db, spec, this.config.screenerMemory)
      .then((loaded) => {
        held.generation = loaded.generation;
        if ('small' in loaded) {
          // Small views are quick in the database.
          held.table = null;
          return;
        }
        held.table = loaded;
        const megabytes = Math.round(memoryTableBytes(loaded) / 1e6);
        this.logger.log(
          `${spec.view}: ${loaded.rowCount.toLocaleString('en-GB')} rows, ${loaded.columns.size} columns in memory (${megabytes} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      })
      .catch((error: Error) => {
        held.table = null;
        held.generation = generation;
        if (!this.closed) this.logger.warn(`${spec.view}: could not be read into memory (its pages run in the database): ${error.message}`);
      })
      .finally(() => {
        held.loading = null;
      });
  }
}
