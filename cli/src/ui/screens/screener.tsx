/**
 * The companies screener (spec 2 2.11): the shared view model's table with paging keys, sort on
 * the focused column, its filter popup, page sizes 10/25/50/100, a search and the AI query bar
 * ("a": a sentence turned into filters). Enter opens the company.
 */
import { useEffect } from 'react';
import { Box, Text } from 'ink';
import {
  COMPANY_COLUMN_PRIORITY,
  COMPANY_SCREENER_COLUMNS,
  countText,
  createCompaniesScreenerViewModel,
  type CompaniesScreenerViewModel,
  type ScreenerCompanyRow,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useScreenerTable } from '../components/screener-table.js';
import { TextField } from '../components/text-field.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState, useRouter } from '../router.js';
import { useServices } from '../services.js';
import { editText } from '../text-edit.js';
import { fit } from '../text.js';

export function ScreenerScreen() {
  const services = useServices();
  const router = useRouter();
  const status = useStatus();
  const { width, height } = useLayout();
  const vm = useEntryModel<CompaniesScreenerViewModel>('companies-screener', () =>
    createCompaniesScreenerViewModel({ client: services.client, scheduler: services.scheduler }),
  );
  const state = useViewModel(vm);
  const [asking, setAsking, getAsking] = useEntryState('asking', false);
  const [askCursor, setAskCursor, getAskCursor] = useEntryState('askCursor', 0);

  useEffect(() => {
    if (vm.getState().status === 'idle') vm.start();
  }, [vm]);

  // the table's own line says "loading…": the header speaks only of failures (one render less a page)
  const failed = state.status === 'error';
  useEffect(() => {
    status.say(failed && state.errorDetail ? state.errorDetail : null, 'error');
  }, [failed, state.errorDetail, status]);

  const nq = state.naturalQuery;
  const askLines = asking || nq.explanation || nq.error ? 2 : 0;
  const table = useScreenerTable<ScreenerCompanyRow>({
    id: 'companies',
    state,
    getState: vm.getState,
    actions: vm,
    columns: COMPANY_SCREENER_COLUMNS,
    priority: COMPANY_COLUMN_PRIORITY,
    noun: 'companies',
    pageSizes: vm.pageSizes,
    width: width - 2,
    height: height - 1 - askLines,
    onOpen: (row) => router.push({ name: 'company', companyNumber: row.company_number, companyName: row.company_name }),
    rowKey: (row, i) => `${row.company_number}-${i}`,
    say: status.say,
  });

  useKeys((press) => {
    const nq = vm.getState().naturalQuery;
    if (getAsking()) {
      if (on(KEYS.apply, press)) {
        vm.submitNaturalQuery();
        setAsking(false);
      } else if (on(KEYS.back, press) || on(KEYS.pane, press)) setAsking(false);
      else {
        const next = editText({ value: nq.text, cursor: getAskCursor() }, press);
        if (!next) return press.text !== '';
        setAskCursor(next.cursor);
        if (next.value !== nq.text) vm.setNaturalQuery(next.value);
      }
      return true;
    }
    if (!table.capturing() && on(KEYS.ask, press)) {
      setAskCursor(nq.text.length);
      setAsking(true);
      return true;
    }
    return table.handle(press);
  });

  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold wrap="truncate">
        {fit(`UK Company Screener · ${countText(state.totalCount, state.totalIsEstimate, 'company', 'companies')}`, width - 2)}
      </Text>
      {askLines > 0 ? (
        <>
          <TextField
            label="Ask: "
            value={nq.text}
            cursor={askCursor}
            focused={asking}
            width={width - 2}
            placeholder="e.g. manufacturers with turnover over 10m"
          />
          <Text color={nq.error ? 'red' : undefined} dimColor={!nq.error} wrap="truncate">
            {fit(
              nq.converting
                ? 'Converting…'
                : (nq.error ??
                    (nq.explanation
                      ? `Understood: ${nq.explanation}${nq.unplaced.length ? ` · not placed: ${nq.unplaced.join(', ')}` : ''}`
                      : 'Enter: turn the sentence into filters · Esc: leave')),
              width - 2,
            )}
          </Text>
        </>
      ) : null}
      {table.element}
    </Box>
  );
}
