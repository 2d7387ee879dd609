/** Placeholder until its view model lands. */
import { Text } from 'ink';

export function CompanyScreen({ companyNumber }: { companyNumber: string; companyName?: string }) {
  return <Text>Coming soon</Text>;
}
