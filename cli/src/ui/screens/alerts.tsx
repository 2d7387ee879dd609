/**
 * Alerts (issue 29 §5): the changes Companies House published on your watched companies, newest
 * first, live (each new alert comes on top as it is raised, the selection stays on its alert).
 * Each alert is two lines (unread mark, kind, company, published time; what changed), and the
 * selected one is shown whole below the list: what changed wrapped, when it was published, and
 * the link to its source on the register, wrapped by cells so it is never cut. Every word of an
 * alert is shared's alertView (the web's panel says the same), register text already inert.
 */
import { useEffect, useRef } from 'react';
import { Box, Text } from 'ink';
import { ALERTS_TEXTS, alertView, createAlertsViewModel, unreadBadge, type AlertsViewModel, type AlertView } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { reconnectPolicy } from '../../runtime/reconnect.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState, useRouter } from '../router.js';
import { useServices } from '../services.js';
import { cut, fit, follow, spread, wrap, wrapCells } from '../text.js';

/** Lines each alert takes in the list. */
const ROW = 2;

/**
 * The selected alert whole in at most `maxLines`: kind and company, what changed, when published,
 * and the source link (wrapped by cells, never cut: what changed gives way first, ending "…").
 */
export function alertDetailLines(view: AlertView, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const head = wrap(`${view.kind} · ${view.company}`, width).slice(0, 2);
  const tail = [
    `${view.published}${view.watchlist ? ` · list "${view.watchlist}"` : ''}${view.via ? ` · ${view.via}` : ''}`,
    `${view.source_label}:`,
    ...wrapCells(view.source_url, width),
  ];
  const room = Math.max(1, maxLines - head.length - tail.length);
  const change = wrap(view.change, width);
  const shown = change.length > room ? [...change.slice(0, room - 1), cut(change.slice(room - 1).join(' '), width)] : change;
  return [...head, ...shown, ...tail].map((line) => fit(line, width));
}

/** One alert's two list lines: "● New charge · 00445790 TESCO PLC   2026-11-28 09:01", then what changed. */
export function alertRowLines(view: AlertView, width: number): [string, string] {
  const mark = view.unread ? '●' : ' ';
  const when = view.published.replace(/^published /, '');
  return [spread(`${mark} ${view.kind} · ${view.company}`, when, width), fit(`   ${view.change}`, width)];
}

export function AlertsScreen() {
  const services = useServices();
  const router = useRouter();
  const status = useStatus();
  const { width, height } = useLayout();
  const vm = useEntryModel<AlertsViewModel>('alerts', () =>
    createAlertsViewModel({ client: services.client, reconnect: reconnectPolicy() }),
  );
  const state = useViewModel(vm);
  const [selectedId, setSelectedId, getSelectedId] = useEntryState<number | null>('selected', null);
  const listTop = useRef(0);

  useEffect(() => vm.start(), [vm]);
  useEffect(() => {
    status.say(state.notice, 'error');
  }, [state.notice, status]);

  const inner = Math.max(20, width - 2);
  const views = state.alerts.map(alertView);
  const indexOf = (id: number | null, list = vm.getState().alerts) => Math.max(0, id === null ? 0 : list.findIndex((a) => a.id === id));
  const selected = views.length > 0 ? indexOf(selectedId, state.alerts) : -1;
  const current = selected >= 0 ? views[selected] : null;

  const mark = (ids?: number[]) =>
    void vm.markRead(ids).catch((error: Error) => status.say(`Could not mark read: ${error.message}`, 'error'));
  useKeys((press) => {
    const list = vm.getState().alerts;
    if (list.length === 0) return false;
    const at = indexOf(getSelectedId(), list);
    const move = (to: number) => setSelectedId(list[Math.max(0, Math.min(list.length - 1, to))].id);
    const page = Math.max(1, Math.floor((height - 9) / ROW));
    if (on(KEYS.down, press)) move(at + 1);
    else if (on(KEYS.up, press)) move(at - 1);
    else if (on(KEYS.pageDown, press)) move(at + page);
    else if (on(KEYS.pageUp, press)) move(at - page);
    else if (on(KEYS.top, press)) move(0);
    else if (on(KEYS.bottom, press)) move(list.length - 1);
    else if (on(KEYS.alertRead, press)) mark([list[at].id]);
    else if (on(KEYS.alertsReadAll, press)) mark();
    else if (on(KEYS.alertOpen, press)) {
      const alert = list[at];
      if (!alert.read) mark([alert.id]);
      router.push({
        name: 'company',
        companyNumber: alert.company_number,
        ...(alert.company_name ? { companyName: alert.company_name } : {}),
      });
    } else return false;
    return true;
  });

  const { label } = unreadBadge(state.unread);
  const live = state.notice ? state.notice : state.status === 'ready' ? 'live' : '';
  const keys = inner >= 100 ? 'j/k move · Enter company · r read · R all read' : 'Enter company · r/R read';
  const title = spread(`Alerts · ${label}${live ? ` · ${live}` : ''}`, keys, inner);

  let body;
  if (state.status === 'error') body = <Text color="red">{fit(state.error ?? ALERTS_TEXTS.failed, inner)}</Text>;
  else if (state.status !== 'ready' && views.length === 0) body = <Text dimColor>{ALERTS_TEXTS.loading}</Text>;
  else if (!current)
    body = (
      <Box flexDirection="column">
        {[...wrap(ALERTS_TEXTS.empty, inner), ...wrap(ALERTS_TEXTS.emptyHow, inner)].map((line, i) => (
          <Text key={i}>{fit(line, inner)}</Text>
        ))}
      </Box>
    );
  else {
    const detail = alertDetailLines(current, inner, Math.max(6, Math.floor((height - 2) / 2)));
    const listHeight = Math.max(ROW, height - 2 - detail.length - 1);
    const rows = Math.max(1, Math.floor(listHeight / ROW));
    const top = (listTop.current = follow(listTop.current, selected, rows, views.length));
    body = (
      <Box flexDirection="column" width={inner}>
        <Box flexDirection="column" width={inner} height={listHeight}>
          {views.slice(top, top + rows).map((view, i) => {
            const chosen = top + i === selected;
            const [first, second] = alertRowLines(view, inner - 1);
            return (
              <Box key={view.id} flexDirection="column">
                <Text inverse={chosen} bold={view.unread} color={view.unread ? 'yellow' : undefined} wrap="truncate">
                  {(chosen ? '›' : ' ') + first}
                </Text>
                <Text dimColor={!chosen} wrap="truncate">
                  {' ' + second}
                </Text>
              </Box>
            );
          })}
        </Box>
        <Text dimColor>{'─'.repeat(inner)}</Text>
        {detail.map((line, i) => (
          <Text key={i} bold={i === 0} wrap="truncate">
            {line}
          </Text>
        ))}
      </Box>
    );
  }

  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold wrap="truncate">
        {title}
      </Text>
      <Text> </Text>
      {body}
    </Box>
  );
}
