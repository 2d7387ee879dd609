/**
 * A company (spec 2 2.4-2.9): the sidebar of its sections (those with data, from the shared
 * view model) and Filings, beside one scrolling document of every section in sidebar order —
 * the same terminal text as `credence company`. Moving in the sidebar scrolls the document to
 * the section; scrolling the document highlights the section at its top (the web's scroll
 * observer), and reaching Leadership, PSCs or Key Financials loads their data the first time.
 * Filings shows the filings grouped by category, newest first, with the spec's labels.
 */
import { useEffect, useMemo } from 'react';
import { Box, Text } from 'ink';
import {
  COMPANY_SECTIONS,
  createCompanyOverviewViewModel,
  formatDate,
  officersMessage,
  pscsMessage,
  type CompanyOverview,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  EMPTY_TEXTS,
  type CompanySectionId,
  type FilingsState,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import {
  analysisLines,
  auditorLines,
  businessOverviewLines,
  capitalLines,
  chargeListLines,
  chargeSummaryLines,
  complianceLines,
  creditRatioLines,
  financialSummaryLines,
  headerLines,
  highlightLines,
  insightsOf,
  keyFigureLines,
  leadershipLines,
  officerListLines,
  profileLines,
  pscLines,
  riskLines,
  statementsLines,
  type View,
} from '../../commands/company-view.js';
import { distressSignalLines } from '../../commands/company-distress.js';
import { heading, styleFor } from '../../output/text.js';
import { ScrollView, SelectList, type ListItem, type ViewLine } from '../components/lists.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState, useRouter } from '../router.js';
import { useServices } from '../services.js';
import { fit } from '../text.js';
import { useCompanyWatch } from './company-watch.js';

const SIDEBAR_WIDTH = 24;

export interface Block {
  id: CompanySectionId;
  lines: string[];
}

/** One section's lines, without the company header that `credence company --section` repeats. */
function sectionBlock(id: CompanySectionId, state: CompanyOverviewState, overview: CompanyOverview, view: View): string[] {
  const insights = insightsOf(overview);
  const all = Number.POSITIVE_INFINITY;
  const title = COMPANY_SECTIONS.find((s) => s.id === id)?.label ?? id;
  const loading = (what: string) => [heading(title, view.width, view.style), `  Loading ${what}…`];
  switch (id) {
    case 'overview':
      return [
        ...keyFigureLines(insights.key_figures, view),
        ...spaced(distressSignalLines(insights.distress_signals, view)),
        ...spaced(creditRatioLines(insights.ratios, view)),
        ...spaced(businessOverviewLines(overview.document_summary, view)),
        ...spaced(highlightLines(overview, view)),
      ];
    case 'profile':
      return profileLines(overview, view, true);
    case 'financials': {
      const f = state.financials;
      if (f.status === 'loading' || f.status === 'idle')
        return [...financialSummaryLines(overview.financial_summary, view), '', ...loading('the statements')];
      return [
        ...financialSummaryLines(f.data?.financial_summary ?? overview.financial_summary, view),
        ...(f.data ? spaced(statementsLines(f.data, view)) : f.error ? ['', `  ${f.error}`] : []),
        ...spaced(analysisLines(overview.document_summary, view)),
      ];
    }
    case 'officers': {
      const slice = state.officers;
      const list =
        slice.status === 'ready' || slice.status === 'unavailable'
          ? officerListLines(slice.status === 'ready' ? slice.data : null, view)
          : loading('officers');
      const message = officersMessage(slice);
      return [
        ...leadershipLines(insights.leadership, view, { events: all }),
        '',
        ...list,
        ...(message && !list.join('').includes(message) ? [`  ${message}`] : []),
      ];
    }
    case 'pscs': {
      const slice = state.officers;
      if (slice.status !== 'ready' && slice.status !== 'unavailable') return loading('persons with significant control');
      const message = pscsMessage(slice);
      const lines = pscLines(insights.leadership, slice.status === 'ready' ? slice.data : null, view);
      return [...lines, ...(message && !lines.join('').includes(message) ? [`  ${message}`] : [])];
    }
    case 'charges':
      return [...chargeSummaryLines(insights.charges, view), ...chargeListLines(overview.charges?.charges ?? [], view)];
    case 'capital':
      return capitalLines(insights.capital, view, { timeline: all });
    case 'compliance':
      return complianceLines(insights.confirmation_statement, view, { events: all }, insights.identity_verification);
    case 'risk':
      return riskLines(overview.document_summary, view);
    case 'auditor': {
      const lines = auditorLines(overview, view);
      return lines.length > 0 ? lines : [heading(title, view.width, view.style), `  ${EMPTY_TEXTS.section}`];
    }
    case 'filings':
      return [];
  }
}

function spaced(lines: string[]): string[] {
  return lines.length > 0 ? ['', ...lines] : [];
}

/** The document: the company header, then each section's block, a blank line between. */
export function companyDocument(
  state: CompanyOverviewState,
  view: View,
): { lines: ViewLine[]; anchors: { id: CompanySectionId; at: number }[] } {
  const overview = state.overview;
  if (!overview) return { lines: [], anchors: [] };
  const lines: ViewLine[] = headerLines(overview, view).map((text) => ({ text }));
  if (state.notice) lines.push({ text: state.notice, dim: true });
  const anchors: { id: CompanySectionId; at: number }[] = [];
  for (const section of state.sections) {
    if (section.id === 'filings') continue;
    const block = sectionBlock(section.id, state, overview, view);
    if (block.length === 0) continue;
    lines.push({ text: '' });
    anchors.push({ id: section.id, at: lines.length });
    for (const text of block) lines.push({ text });
  }
  return { lines, anchors };
}

/** The section whose block holds line `top` (the one at the top of the view). */
export function sectionAt(anchors: readonly { id: CompanySectionId; at: number }[], top: number): CompanySectionId | null {
  let found: CompanySectionId | null = null;
  for (const a of anchors) if (a.at <= top + 1) found = a.id;
  return found ?? anchors[0]?.id ?? null;
}

/** The filings pane: category headings, then "category: date - description" labels, newest first. */
function filingItems(filings: FilingsState, width: number): { items: ListItem[]; rowOf: number[] } {
  const items: ListItem[] = [];
  const rowOf: number[] = [];
  for (const group of filings.groups) {
    items.push({ key: `h-${group.category}`, text: group.category, heading: true });
    for (const entry of group.entries) {
      rowOf[entry.index] = items.length;
      const type = entry.filing.type ? `${entry.filing.type} ` : '';
      items.push({ key: entry.filing.transaction_id || `f-${entry.index}`, text: ` ${fit(entry.label, 34)} ${width > 60 ? type : ''}` });
    }
  }
  return { items, rowOf };
}

export function CompanyScreen({ companyNumber }: { companyNumber: string; companyName?: string }) {
  const services = useServices();
  const status = useStatus();
  const router = useRouter();
  const { width, height } = useLayout();
  const vm = useEntryModel<CompanyOverviewViewModel>('company', () => createCompanyOverviewViewModel({ client: services.client }));
  const state = useViewModel(vm);
  const filings = useViewModel(vm.filings);
  const [pane, setPane, getPane] = useEntryState<'sidebar' | 'content'>('pane', 'sidebar');
  const [collapsed, setCollapsed] = useEntryState('collapsed', false);
  const [scroll, setScroll, getScroll] = useEntryState<{ section: CompanySectionId; offset: number }>('scroll', {
    section: 'overview',
    offset: Number.NEGATIVE_INFINITY,
  });
  const [openFiling, setOpenFiling] = useEntryState<number | null>('openFiling', null);
  const watch = useCompanyWatch(companyNumber);

  useEffect(() => {
    if (vm.getState().companyNumber === null) vm.open(companyNumber);
  }, [vm, companyNumber]);

  useEffect(() => {
    if (state.status === 'loading') status.say('loading…', 'busy');
    else if (state.status === 'error') status.say(state.error, 'error');
    else status.say(null);
  }, [state.status, state.error, status]);

  const sidebarWidth = collapsed ? 3 : SIDEBAR_WIDTH;
  const contentWidth = Math.max(20, width - sidebarWidth - 3);
  const view = useMemo<View>(
    () => ({ width: contentWidth, tableWidth: contentWidth, style: styleFor(services.color !== false), now: new Date() }),
    [contentWidth, services.color],
  );
  const doc = useMemo(() => companyDocument(state, view), [state, view]);
  const inFilings = state.activeSection === 'filings';
  const contentHeight = Math.max(1, height - 1);
  const anchorOf = (id: CompanySectionId) => doc.anchors.find((a) => a.id === id)?.at ?? 0;
  // the last section can always come to the top (the text may scroll past its end for it)
  const maxTop = Math.max(0, doc.lines.length - contentHeight, doc.anchors.at(-1)?.at ?? 0);
  const topOf = (at: { section: CompanySectionId; offset: number }) =>
    Math.min(
      maxTop,
      Math.max(0, (at.section === 'overview' && !doc.anchors.some((a) => a.id === 'overview') ? 0 : anchorOf(at.section)) + at.offset),
    );
  const top = topOf(scroll);
  const sidebarIndex = Math.max(
    0,
    state.sections.findIndex((s) => s.id === state.activeSection),
  );

  /** Scrolls the document to an absolute line, keeping the position as (section, offset) so loads above do not move it. */
  const scrollTo = (line: number) => {
    const clamped = Math.min(maxTop, Math.max(0, line));
    // at the very end the last sections may all be on screen: the last one is the one read
    const id = (clamped >= maxTop && maxTop > 0 ? doc.anchors.at(-1)?.id : sectionAt(doc.anchors, clamped)) ?? 'overview';
    setScroll({ section: id, offset: clamped - anchorOf(id) });
    const active = vm.getState().activeSection;
    if (id !== active && active !== 'filings') vm.setSection(id);
  };
  const goToSection = (id: CompanySectionId) => {
    vm.setSection(id);
    if (id !== 'filings') setScroll({ section: id, offset: id === 'overview' ? -anchorOf('overview') : 0 });
    setOpenFiling(null);
  };

  const filingList = filingItems(filings, contentWidth);
  const selectedFiling = filings.entries[filings.selectedIndex];

  useKeys((press) => {
    // fresh: the keys act on the state the last press left, drawn or not
    const now = vm.getState();
    const sections = now.sections;
    const sidebarIndex = Math.max(
      0,
      sections.findIndex((s) => s.id === now.activeSection),
    );
    const inFilings = now.activeSection === 'filings';
    const top = topOf(getScroll());
    if (now.status === 'error' && press.name === 'r') {
      vm.retry();
      return true;
    }
    if (on(KEYS.watchCompany, press)) {
      watch.toggle();
      return true;
    }
    if (on(KEYS.askCompany, press)) {
      router.push({ name: 'chat', companyNumber, companyName: now.overview?.company_profile.company_name });
      return true;
    }
    if (on(KEYS.sidebar, press)) setCollapsed((c) => !c);
    else if (on(KEYS.pane, press)) setPane((p) => (p === 'sidebar' ? 'content' : 'sidebar'));
    else if (on(KEYS.nextSection, press)) goToSection(sections[Math.min(sections.length - 1, sidebarIndex + 1)]?.id ?? 'overview');
    else if (on(KEYS.prevSection, press)) goToSection(sections[Math.max(0, sidebarIndex - 1)]?.id ?? 'overview');
    else if (getPane() === 'sidebar') {
      if (on(KEYS.down, press)) goToSection(sections[Math.min(sections.length - 1, sidebarIndex + 1)]?.id ?? 'overview');
      else if (on(KEYS.up, press)) goToSection(sections[Math.max(0, sidebarIndex - 1)]?.id ?? 'overview');
      else if (on(KEYS.top, press)) goToSection(sections[0]?.id ?? 'overview');
      else if (on(KEYS.bottom, press)) goToSection(sections.at(-1)?.id ?? 'overview');
      else if (on(KEYS.open, press) || on(KEYS.right, press)) setPane('content');
      else return false;
    } else if (inFilings) {
      if (on(KEYS.down, press)) vm.filings.moveSelection(1);
      else if (on(KEYS.up, press)) vm.filings.moveSelection(-1);
      else if (on(KEYS.pageDown, press)) vm.filings.moveSelection(contentHeight - 2);
      else if (on(KEYS.pageUp, press)) vm.filings.moveSelection(-(contentHeight - 2));
      else if (on(KEYS.top, press)) vm.filings.select(0);
      else if (on(KEYS.bottom, press)) vm.filings.select(vm.filings.getState().entries.length - 1);
      else if (on(KEYS.open, press)) {
        const selected = vm.filings.getState().selectedIndex;
        setOpenFiling((o) => (o === selected ? null : selected));
      } else if (on(KEYS.left, press)) setPane('sidebar');
      else return false;
    } else {
      if (on(KEYS.down, press)) scrollTo(top + 1);
      else if (on(KEYS.up, press)) scrollTo(top - 1);
      else if (on(KEYS.pageDown, press)) scrollTo(top + contentHeight - 1);
      else if (on(KEYS.pageUp, press)) scrollTo(top - contentHeight + 1);
      else if (on(KEYS.top, press)) scrollTo(0);
      else if (on(KEYS.bottom, press)) scrollTo(maxTop);
      else if (on(KEYS.left, press)) setPane('sidebar');
      else return false;
    }
    return true;
  });

  const sidebarItems: ListItem[] = state.sections.map((s) => ({ key: s.id, text: collapsed ? s.label.slice(0, 1) : ` ${s.label}` }));
  const title = state.overview
    ? `${state.overview.company_profile.company_name} · ${state.overview.company_profile.company_number}`
    : companyNumber;

  let content;
  if (state.status === 'error') {
    content = (
      <Box flexDirection="column">
        <Text color="red">{state.error}</Text>
        <Text dimColor>r retry · Esc back to the search</Text>
      </Box>
    );
  } else if (!state.overview) {
    content = <Text dimColor>Loading company overview…</Text>;
  } else if (inFilings) {
    const detailHeight = openFiling !== null && selectedFiling ? 6 : 0;
    content = (
      <Box flexDirection="column" width={contentWidth} height={contentHeight}>
        {filings.message ? (
          <Text color={filings.status === 'error' ? 'red' : undefined}>{filings.message}</Text>
        ) : filings.status !== 'ready' ? (
          <Text dimColor>Loading filings…</Text>
        ) : (
          <SelectList
            items={filingList.items}
            selected={filingList.rowOf[filings.selectedIndex] ?? 0}
            height={Math.max(1, contentHeight - detailHeight)}
            width={contentWidth}
            active={pane === 'content'}
          />
        )}
        {detailHeight > 0 && selectedFiling ? (
          <Box flexDirection="column" width={contentWidth} height={detailHeight} borderStyle="single" borderColor="cyan">
            <Text wrap="truncate">
              {fit(
                `${formatDate(selectedFiling.filing.date)} · ${selectedFiling.filing.type} · ${selectedFiling.filing.category}${selectedFiling.filing.pages ? ` · ${selectedFiling.filing.pages} pages` : ''}`,
                contentWidth - 2,
              )}
            </Text>
            <Text wrap="truncate-end">{selectedFiling.description}</Text>
            <Text dimColor wrap="truncate">
              {fit(
                selectedFiling.filing.document_id
                  ? `credence filing ${companyNumber} ${selectedFiling.filing.transaction_id} --output filing.pdf`
                  : 'No document for this filing',
                contentWidth - 2,
              )}
            </Text>
          </Box>
        ) : null}
      </Box>
    );
  } else {
    content = <ScrollView lines={doc.lines} top={top} height={contentHeight} width={contentWidth} />;
  }

  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold wrap="truncate">
        {fit(
          `${title}${watch.mark ? ` · ${watch.mark}` : ''}${state.overview ? ` · ${pane === 'sidebar' ? 'j/k sections · Tab to the text' : 'j/k scroll · Tab to the sections'} · n/p next/previous · b sidebar · a ask · w watch` : ''}`,
          width - 2,
        )}
      </Text>
      <Box flexDirection="row" width={width - 2} height={height - 1}>
        <Box
          flexDirection="column"
          width={sidebarWidth}
          height={height - 1}
          borderStyle="single"
          borderTop={false}
          borderBottom={false}
          borderLeft={false}
          borderColor={pane === 'sidebar' ? 'cyan' : 'gray'}
        >
          <SelectList
            items={sidebarItems}
            selected={sidebarIndex}
            height={height - 1}
            width={sidebarWidth - 1}
            active={pane === 'sidebar'}
          />
        </Box>
        <Box flexDirection="column" width={contentWidth} height={height - 1} marginLeft={1}>
          {content}
        </Box>
      </Box>
    </Box>
  );
}
