/**
 * The creditors screener (spec 2 2.12): three tabs (1 Creditor Overview, 2 Charges Screener,
 * 3 Company Aggregation), each the shared table with its search, filters and "Clear Filters";
 * in Creditor Overview Enter (or Space) expands one lender at a time, its detail loaded once and
 * kept by the view model. Tab moves the keys between the table and the lender's detail.
 */
import { useEffect, useMemo } from 'react';
import { Box, Text } from 'ink';
import {
  activityBarPercent,
  CREDITORS_TABS,
  createCreditorsScreenerViewModel,
  creditorsTotalText,
  formatDate,
  hasActiveFilters,
  type CreditorsScreenerViewModel,
  type CreditorsTab,
  type LenderDetail,
  type LenderDetailState,
  type TableActions,
  type TableState,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { ScrollView, type ViewLine } from '../components/lists.js';
import { useScreenerTable } from '../components/screener-table.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState, useRouter } from '../router.js';
import { useServices } from '../services.js';
import { fit } from '../text.js';

const n = (value: number) => value.toLocaleString('en-GB');

/** A 5-cell bar for a percentage (the recent charges' activity, spec 2 2.12). */
export function bar(percent: number): string {
  const cells = Math.round(Math.min(100, Math.max(0, percent)) / 20);
  return '█'.repeat(cells) + '░'.repeat(5 - cells);
}

/** The lender's detail as lines: totals, statuses, charge types, years, top companies, recent charges. */
export function lenderDetailLines(state: LenderDetailState | undefined, width: number): ViewLine[] {
  if (!state || state.status === 'loading') return [{ text: 'Loading lender detail…', dim: true }];
  if (state.status === 'error' || !state.detail) return [{ text: state.error ?? 'No details available.', color: 'red' }];
  const d: LenderDetail = state.detail;
  const lines: ViewLine[] = [
    { text: `${d.lender_name} · ${n(d.total_charges)} charges · ${n(d.unique_companies_count)} companies`, bold: true },
    {
      text: `Status: outstanding ${n(d.status_counts.outstanding)} · part-satisfied ${n(d.status_counts['part-satisfied'])} · fully-satisfied ${n(d.status_counts['fully-satisfied'] ?? 0)} · unknown ${n(d.status_counts.unknown)}`,
    },
    {
      text: `Charge types: floating ${n(d.charge_types.floating_charges)} · fixed ${n(d.charge_types.fixed_charges)} · negative pledge ${n(d.charge_types.negative_pledges)}`,
    },
  ];
  if (d.raw_names?.length > 1)
    lines.push({ text: `Filed as: ${d.raw_names.map((r) => `${r.name} (${n(r.charges)})`).join(', ')}`, dim: true });
  if (d.charges_by_year.length)
    lines.push({
      text: `By year: ${[...d.charges_by_year]
        .sort((a, b) => b.year - a.year)
        .map((y) => `${y.year} ${n(y.count)}`)
        .join(' · ')}`,
    });
  lines.push({ text: '' }, { text: 'Top companies', bold: true, color: 'cyan' });
  for (const c of d.top_companies)
    lines.push({
      text: `  ${fit(c.company_name, Math.max(10, width - 28))} ${fit(c.company_number, 10)} ${String(c.charge_count).padStart(6)} charge${c.charge_count === 1 ? '' : 's'}`,
    });
  if (d.top_companies.length === 0) lines.push({ text: '  none', dim: true });
  lines.push({ text: '' }, { text: 'Recent charges', bold: true, color: 'cyan' });
  const perCompany = new Map<string, number>();
  for (const r of d.recent_charges) perCompany.set(r.company_number, (perCompany.get(r.company_number) ?? 0) + 1);
  for (const r of d.recent_charges) {
    const activity = bar(activityBarPercent(perCompany.get(r.company_number) ?? 0));
    lines.push({
      text: `  ${fit(formatDate(r.delivered_on), 10)} ${activity} ${fit(r.status, 15)} ${fit(r.company_name, Math.max(10, width - 50))} ${r.charge_code ?? ''}`,
    });
  }
  if (d.recent_charges.length === 0) lines.push({ text: '  none', dim: true });
  return lines;
}

const rowKey = (tab: CreditorsTab) => (row: unknown, i: number) => {
  const r = row as Record<string, unknown>;
  return `${String(tab === 'lenders' ? r.lender_name : tab === 'charges' ? r.charge_id : r.company_number)}-${i}`;
};

export function CreditorsScreen({ initialTab }: { initialTab?: CreditorsTab }) {
  const services = useServices();
  const router = useRouter();
  const status = useStatus();
  const { width, height } = useLayout();
  const vm = useEntryModel<CreditorsScreenerViewModel>('creditors', () =>
    createCreditorsScreenerViewModel({ client: services.client, scheduler: services.scheduler, initialTab }),
  );
  const state = useViewModel(vm);
  const [pane, setPane, getPane] = useEntryState<'table' | 'detail'>('pane', 'table');
  const [detailTop, setDetailTop] = useEntryState('detailTop', 0);
  const tab = state.activeTab;
  const spec = CREDITORS_TABS.find((t) => t.id === tab)!;
  const table = state.tabs[tab] as TableState<unknown>;
  const expanded = tab === 'lenders' ? state.expandedLender : null;
  const detailHeight = expanded ? Math.max(5, Math.min(14, Math.floor((height - 2) * 0.45))) : 0;

  useEffect(() => {
    if (vm.getState().tabs[vm.getState().activeTab].status === 'idle') vm.start();
  }, [vm]);

  // the table's own line says "loading…": the header speaks only of failures (one render less a page)
  const failed = table.status === 'error';
  useEffect(() => {
    status.say(failed && table.errorDetail ? table.errorDetail : null, 'error');
  }, [failed, table.errorDetail, status]);

  useEffect(() => {
    if (!expanded && pane === 'detail') setPane('table');
  }, [expanded, pane, setPane]);

  const activeActions = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(vm.tables.lenders).map((name) => [
          name,
          (...args: unknown[]) => (vm.activeTable() as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args),
        ]),
      ) as unknown as TableActions,
    [vm],
  );
  const view = useScreenerTable<unknown>({
    id: tab,
    state: table,
    // the open tab now (a tab key may come before the new tab is drawn)
    getState: () => vm.getState().tabs[vm.getState().activeTab] as TableState<unknown>,
    actions: activeActions,
    columns: spec.columns,
    noun: spec.suffix.toLowerCase(),
    pageSizes: vm.pageSizes,
    width: width - 2,
    height: height - 2 - detailHeight,
    onOpen: (row) => {
      const r = row as Record<string, string>;
      if (vm.getState().activeTab === 'lenders') {
        vm.toggleLender(r.lender_name);
        setDetailTop(0);
      } else router.push({ name: 'company', companyNumber: r.company_number, companyName: r.company_name });
    },
    rowKey: rowKey(tab),
    marked: tab === 'lenders' ? (row) => (row as { lender_name: string }).lender_name === state.expandedLender : undefined,
    say: status.say,
  });

  const detailLines = expanded ? lenderDetailLines(state.lenderDetails[expanded], width - 2) : [];

  useKeys((press) => {
    const now = vm.getState();
    const expanded = now.activeTab === 'lenders' ? now.expandedLender : null;
    const table = now.tabs[now.activeTab] as TableState<unknown>;
    if (!view.capturing()) {
      if (on(KEYS.tab1, press)) vm.setTab('lenders');
      else if (on(KEYS.tab2, press)) vm.setTab('charges');
      else if (on(KEYS.tab3, press)) vm.setTab('chargeCompanies');
      else if (on(KEYS.nextTab, press)) vm.nextTab();
      else if (on(KEYS.pane, press) && expanded) setPane((p) => (p === 'table' ? 'detail' : 'table'));
      else if (getPane() === 'detail' && expanded) {
        const room = Math.max(1, detailHeight - 1);
        const last = Math.max(0, detailLines.length - room);
        if (on(KEYS.down, press)) setDetailTop((t) => Math.min(last, t + 1));
        else if (on(KEYS.up, press)) setDetailTop((t) => Math.max(0, t - 1));
        else if (on(KEYS.pageDown, press)) setDetailTop((t) => Math.min(last, t + room));
        else if (on(KEYS.pageUp, press)) setDetailTop((t) => Math.max(0, t - room));
        else if (on(KEYS.top, press)) setDetailTop(0);
        else if (on(KEYS.bottom, press)) setDetailTop(last);
        else if (on(KEYS.expand, press) || on(KEYS.open, press)) vm.collapseLender();
        else return false;
      } else if (now.activeTab === 'lenders' && on(KEYS.expand, press)) {
        const row = table.rows[table.selectedIndex] as { lender_name?: string } | undefined;
        if (row?.lender_name) {
          vm.toggleLender(row.lender_name);
          setDetailTop(0);
        }
      } else return view.handle(press);
      return true;
    }
    return view.handle(press);
  });

  const clear = hasActiveFilters(table) ? ' · c Clear Filters' : '';
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text wrap="truncate">
        {CREDITORS_TABS.map((t, i) => (
          <Text key={t.id} bold={t.id === tab} inverse={t.id === tab} color={t.id === tab ? 'cyan' : undefined}>
            {t.id === tab ? `[${i + 1} ${t.label}]` : ` ${i + 1} ${t.label} `}
          </Text>
        ))}
        <Text dimColor>{'  t next tab'}</Text>
      </Text>
      <Text bold wrap="truncate">
        {fit(
          `${spec.title} · ${creditorsTotalText(tab, table.totalCount, table.totalIsEstimate)}${clear}${tab === 'lenders' ? ' · Enter expand lender' : ' · Enter open company'}`,
          width - 2,
        )}
      </Text>
      {view.element}
      {expanded ? (
        <Box flexDirection="column" width={width - 2} height={detailHeight}>
          <Text color={pane === 'detail' ? 'cyan' : undefined} bold wrap="truncate">
            {fit(`${pane === 'detail' ? '›' : ' '}─ ${expanded} ${'─'.repeat(width)}`, width - 2)}
          </Text>
          <ScrollView lines={detailLines} top={detailTop} height={detailHeight - 1} width={width - 2} />
        </Box>
      ) : null}
    </Box>
  );
}
