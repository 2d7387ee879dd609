/**
 * Company search (spec 2 2.2): live results as you type (the shared search view model debounces
 * and keeps only the latest answer), arrows or j/k choose, Enter opens the company. Tab moves
 * between the field and the list; in the list, `/` goes back to the field.
 */
import { useEffect } from 'react';
import { Box, Text } from 'ink';
import { companyStatusLabel, createSearchViewModel, SEARCH_TEXTS, type CompanySearchResult, type SearchViewModel } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { SelectList, type ListItem } from '../components/lists.js';
import { TextField } from '../components/text-field.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState, useRouter } from '../router.js';
import { useServices } from '../services.js';
import { editText } from '../text-edit.js';
import { fit } from '../text.js';

const ticker = (r: CompanySearchResult) => {
  const t = r['Exchange:Ticker'];
  return t && t !== '-' ? t : '';
};

/** One result line: name, number, Exchange:Ticker and status (shared label), in columns that fit the width. */
export function resultLine(r: CompanySearchResult, width: number): string {
  const number = fit(r.CompanyNumber, 9);
  const tick = fit(ticker(r), 11);
  const statusWidth = width >= 90 ? 18 : 12;
  const status = fit(companyStatusLabel(r.company_status), statusWidth);
  if (width < 60) return `${fit(r.CompanyName, Math.max(10, width - 11))} ${number}`;
  const name = Math.max(12, width - 9 - 11 - statusWidth - 3);
  return `${fit(r.CompanyName, name)} ${number} ${tick} ${status}`;
}

export function SearchScreen({ initialQuery }: { initialQuery?: string }) {
  const services = useServices();
  const router = useRouter();
  const status = useStatus();
  const { width, height } = useLayout();
  const vm = useEntryModel<SearchViewModel>('search', () =>
    createSearchViewModel({ client: services.client, scheduler: services.scheduler, initialQuery, limit: 50 }),
  );
  const state = useViewModel(vm);
  const [focus, setFocus, getFocus] = useEntryState<'field' | 'list'>('focus', 'field');
  const [cursor, setCursor, getCursor] = useEntryState('cursor', state.query.length);

  useEffect(() => {
    if (vm.getState().source === 'none' && vm.getState().status === 'idle') vm.start();
  }, [vm]);

  useEffect(() => {
    status.say(state.status === 'loading' || state.pending ? 'searching…' : null, 'busy');
  }, [state.status, state.pending, status]);

  const open = () => {
    const chosen = vm.selected();
    if (chosen) router.push({ name: 'company', companyNumber: chosen.CompanyNumber, companyName: chosen.CompanyName });
  };
  // Enter while the typed text still waits for its answer: search now, open the first result when it comes
  const [openWhenReady, setOpenWhenReady] = useEntryState('openWhenReady', false);
  useEffect(() => {
    if (!openWhenReady || state.pending || state.status === 'loading') return;
    setOpenWhenReady(false);
    if (state.status === 'ready') open();
  });
  const listRows = Math.max(1, height - 4);

  useKeys((press) => {
    const now = vm.getState();
    if (on(KEYS.pane, press)) setFocus((f) => (f === 'field' ? 'list' : 'field'));
    else if (press.name === 'down') vm.moveSelection(1);
    else if (press.name === 'up') vm.moveSelection(-1);
    else if (on(KEYS.pageDown, press)) vm.moveSelection(listRows);
    else if (on(KEYS.pageUp, press)) vm.moveSelection(-listRows);
    else if (on(KEYS.open, press)) {
      if (now.pending || now.status === 'loading') {
        vm.submit();
        setOpenWhenReady(true);
      } else open();
    } else if (getFocus() === 'field') {
      if (on(KEYS.back, press)) return false;
      const next = editText({ value: now.query, cursor: getCursor() }, press);
      if (!next) return !press.name.startsWith('ctrl-') && press.text !== '';
      setCursor(next.cursor);
      if (next.value !== now.query) vm.setQuery(next.value);
    } else if (on(KEYS.down, press)) vm.moveSelection(1);
    else if (on(KEYS.up, press)) vm.moveSelection(-1);
    else if (on(KEYS.top, press)) vm.select(0);
    else if (on(KEYS.bottom, press)) vm.select(now.results.length - 1);
    else if (on(KEYS.search, press)) setFocus('field');
    else return false;
    return true;
  });

  const items: ListItem[] = state.results.map((r, i) => ({ key: `${r.CompanyNumber}-${i}`, text: resultLine(r, width - 3) }));
  const heading =
    state.source === 'default'
      ? `${SEARCH_TEXTS.prompt} · suggested and largest companies:`
      : state.source === 'search'
        ? `${state.results.length} result${state.results.length === 1 ? '' : 's'} for "${state.resultsQuery}"`
        : '';
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <TextField
        label="Search: "
        value={state.query}
        cursor={cursor}
        focused={focus === 'field'}
        width={width - 2}
        placeholder="company name, number or postcode"
      />
      <Text dimColor wrap="truncate">
        {fit(`${heading}${state.pending || state.status === 'loading' ? ' · searching…' : ''}`, width - 2)}
      </Text>
      {width >= 60 && items.length > 0 ? (
        <Text bold wrap="truncate">
          {fit(`${fit('Company', Math.max(12, width - 2 - 33))} ${fit('Number', 9)} ${fit('Ticker', 11)} ${fit('Status', 10)}`, width - 2)}
        </Text>
      ) : (
        <Text> </Text>
      )}
      {state.message && items.length === 0 ? (
        <Text color={state.status === 'error' ? 'red' : undefined}>{state.message}</Text>
      ) : (
        <SelectList items={items} selected={state.selectedIndex} height={listRows} width={width - 2} active />
      )}
      {state.message && items.length > 0 ? <Text color={state.status === 'error' ? 'red' : undefined}>{state.message}</Text> : null}
    </Box>
  );
}
