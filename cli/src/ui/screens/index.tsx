/** Route → screen. */
import type { Route } from '../router.js';
import { AlertsScreen } from './alerts.js';
import { ChatScreen } from './chat.js';
import { CompanyScreen } from './company.js';
import { CreditorsScreen } from './creditors.js';
import { ConstructionScreen, HomeScreen } from './home.js';
import { OpsScreen } from './ops.js';
import { ScreenerScreen } from './screener.js';
import { SearchScreen } from './search.js';

export function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'home':
      return <HomeScreen />;
    case 'search':
      return <SearchScreen initialQuery={route.query} />;
    case 'company':
      return <CompanyScreen companyNumber={route.companyNumber} companyName={route.companyName} />;
    case 'screener':
      return <ScreenerScreen />;
    case 'creditors':
      return <CreditorsScreen initialTab={route.tab} />;
    case 'construction':
      return <ConstructionScreen title={route.title} commands={route.commands} />;
    case 'ops':
      return <OpsScreen />;
    case 'alerts':
      return <AlertsScreen />;
    case 'chat':
      return <ChatScreen companyNumber={route.companyNumber} companyName={route.companyName} chatId={route.chatId} />;
  }
}
