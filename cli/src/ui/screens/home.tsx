/**
 * Home: the database selector of spec 2 2.3. Cards by section, each opening its database after
 * the loading screen ("Loading Database", a random 600 to 1000 ms); the databases without an
 * interface here yet are marked "coming" and open the under-construction notice; a ready one the
 * terminal serves with commands (the US explorer) is marked "[commands]" and Enter lists them.
 */
import { useEffect } from 'react';
import { Box, Text } from 'ink';
import { DATABASE_SECTIONS, LOADING_TEXT, LOADING_TITLE, underConstructionText } from '@credence/shared';
import { padEnd } from '../../output/text.js';
import { SelectList, type ListItem } from '../components/lists.js';
import { useKeys, useLayout } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryState, useRouter, type Route } from '../router.js';
import { useServices } from '../services.js';
import { fit } from '../text.js';

export interface Database {
  /** The spec's database id (the web route it pushes). */
  id: string;
  title: string;
  section: string;
  description: string;
  badge?: string;
  /** Where Enter goes; null: no screen here (see `commands`) or not built yet ("coming"). */
  route: Route | null;
  /** A database with no screen here but with commands (the US explorer: `credence us`): Enter lists them. */
  commands?: readonly string[];
}

/** The terminal screen of each database the catalogue marks ready. */
const ROUTES: Readonly<Record<string, Route>> = {
  uk: { name: 'search' },
  'companies-screener': { name: 'screener' },
  'creditors-screener': { name: 'creditors' },
  analysis: { name: 'chat' },
};

/** Ready databases the terminal serves with commands rather than a screen (issue 27: never "coming"). */
const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  'us/equity_analysis/strategic-indicators': [
    'credence us search <name or ticker>',
    'credence us kpis <ticker> [--table <name>] [--quarterly]',
    'credence us source <ticker> <kpi> <period>',
  ],
};

/** Databases the terminal has a screen for before the catalogue marks them ready: the Deep Insights Engine is the research chat (issue 14). */
const TERMINAL_READY = new Set(['analysis']);

/** The shared catalogue (spec 2 2.3, the web's /home too), with where each ready database opens here. */
export const DATABASES: readonly Database[] = DATABASE_SECTIONS.flatMap((section) =>
  section.databases.map((db) => ({
    id: db.id,
    title: db.name,
    section: section.title,
    description: db.description,
    badge: db.badge,
    route: db.ready || TERMINAL_READY.has(db.id) ? (ROUTES[db.id] ?? null) : null,
    ...(db.ready && COMMANDS[db.id] ? { commands: COMMANDS[db.id] } : {}),
  })),
);

/** The list lines: section headings, then each card; `selectable` maps list rows to databases. */
export function homeItems(width: number): { items: ListItem[]; selectable: number[] } {
  const items: ListItem[] = [];
  const selectable: number[] = [];
  let section = '';
  DATABASES.forEach((db, i) => {
    if (db.section !== section) {
      if (section) items.push({ key: `gap-${i}`, text: '' });
      section = db.section;
      items.push({ key: `h-${section}`, text: section, heading: true });
    }
    const mark = db.route ? (db.badge ? `[${db.badge}]` : '') : db.commands ? '[commands]' : '(coming)';
    const name = `  ${db.title}${mark ? ` ${mark}` : ''}`;
    const text = width >= 70 ? `${padEnd(name, 40)} ${db.description}` : name;
    selectable.push(items.length);
    items.push({ key: `${db.id}-${i}`, text, dim: db.route === null && !db.commands });
  });
  return { items, selectable };
}

export function HomeScreen() {
  const router = useRouter();
  const services = useServices();
  const { width, height } = useLayout();
  const [chosen, setChosen, getChosen] = useEntryState('chosen', 1); // UK Companies Explorer
  const [loading, setLoading, getLoading] = useEntryState<Database | null>('loading', null);
  const { items, selectable } = homeItems(width);

  useEffect(() => {
    if (!loading?.route) return;
    const target = loading.route;
    const timer = setTimeout(() => {
      setLoading(null);
      router.push(target);
    }, services.databaseDelay());
    return () => clearTimeout(timer);
  }, [loading, router, services, setLoading]);

  useKeys((press) => {
    if (getLoading()) {
      if (on(KEYS.back, press)) {
        setLoading(null);
        return true;
      }
      return !on(KEYS.quit, press) && !on(KEYS.help, press);
    }
    if (on(KEYS.down, press)) setChosen((c) => Math.min(DATABASES.length - 1, c + 1));
    else if (on(KEYS.up, press)) setChosen((c) => Math.max(0, c - 1));
    else if (on(KEYS.top, press)) setChosen(0);
    else if (on(KEYS.bottom, press)) setChosen(DATABASES.length - 1);
    else if (on(KEYS.open, press)) {
      const db = DATABASES[getChosen()];
      if (db.route) setLoading(db);
      else router.push({ name: 'construction', title: db.title, ...(db.commands ? { commands: [...db.commands] } : {}) });
    } else return false;
    return true;
  });

  if (loading) {
    return (
      <Box flexDirection="column" width={width} height={height} alignItems="center" justifyContent="center">
        <Text bold color="cyan">
          {LOADING_TITLE}
        </Text>
        <Text>{LOADING_TEXT}</Text>
        <Text dimColor>{loading.title}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold> Choose a database</Text>
      <Text dimColor wrap="truncate">
        {fit(' ↑↓ or j/k choose · Enter explore · / search companies · A alerts · ? every key', width)}
      </Text>
      <Text> </Text>
      <Box paddingLeft={1}>
        <SelectList items={items} selected={selectable[chosen]} height={Math.max(1, height - 3)} width={Math.max(10, width - 1)} />
      </Box>
    </Box>
  );
}

/** A database of the selector without a screen here (spec 2 2.3): its commands, or the under-construction notice. */
export function ConstructionScreen({ title, commands }: { title: string; commands?: readonly string[] }) {
  const { width, height } = useLayout();
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text> </Text>
      {commands ? (
        <>
          <Text>{title} is explored with commands in the terminal (and in the web app):</Text>
          <Text> </Text>
          {commands.map((command) => (
            <Text key={command}> {command}</Text>
          ))}
        </>
      ) : (
        <Text>{underConstructionText({ name: title })}</Text>
      )}
      <Text> </Text>
      <Text dimColor>Esc: back to Databases</Text>
    </Box>
  );
}
