/** Placeholder until its view model lands. */
import { Text } from 'ink';

export function CreditorsScreen(_props: { initialTab?: string }) {
  return <Text>Coming soon</Text>;
}
