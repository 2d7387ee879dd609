/**
 * The frame around every screen: a header (where you are, what is happening) and a status bar
 * (who is signed in, which API, the two keys to remember).
 */
import { Box, Text } from 'ink';
import type { Tone } from '../context.js';
import type { UserState } from '../services.js';
import { cut, fit, length } from '../text.js';

export function Header({ trail, message, tone, width }: { trail: readonly string[]; message: string | null; tone: Tone; width: number }) {
  const right = message ? cut(message, Math.max(10, Math.floor(width / 2))) : '';
  const room = Math.max(0, width - length(right) - 1);
  const crumbs = cut(` Credence › ${trail.join(' › ')}`, room);
  return (
    <Box width={width} height={1}>
      <Text bold color="cyan" wrap="truncate">
        {fit(crumbs, room)}
      </Text>
      {right ? (
        <Text color={tone === 'error' ? 'red' : tone === 'busy' ? 'yellow' : 'green'} wrap="truncate">
          {' ' + right}
        </Text>
      ) : null}
    </Box>
  );
}

export function userLabel(user: UserState): string {
  switch (user.status) {
    case 'loading':
      return 'signing in…';
    case 'signed-in':
      return `${user.user.full_name} <${user.user.email}>`;
    case 'signed-out':
      return `not signed in: ${user.reason}`;
  }
}

export function StatusBar({ user, apiUrl, width }: { user: UserState; apiUrl: string; width: number }) {
  const keys = '? keys  q quit';
  const api = apiUrl.replace(/^https?:\/\//, '');
  const left = ` ${user.status === 'signed-in' ? '●' : '○'} ${userLabel(user)}`;
  const leftRoom = Math.max(10, width - length(keys) - length(api) - 6);
  const text = `${fit(cut(left, leftRoom), leftRoom)} │ ${api} │ ${keys}`;
  return (
    <Box width={width} height={1}>
      <Text inverse color={user.status === 'signed-out' ? 'red' : undefined} wrap="truncate">
        {fit(text, width)}
      </Text>
    </Box>
  );
}
