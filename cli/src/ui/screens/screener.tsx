/** Placeholder until its view model lands. */
import { Text } from 'ink';

export function ScreenerScreen() {
  return <Text>Coming soon</Text>;
}
