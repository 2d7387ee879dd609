/**
 * Editing one line of text with the keys of a shell prompt: typing and pasting insert at the
 * cursor, Backspace deletes before it, ← → Home End (and Ctrl-A / Ctrl-E) move, Ctrl-U clears
 * before the cursor, Ctrl-W deletes the word before it. Pure: the view keeps {value, cursor}.
 */
import type { Press } from './keys.js';

export interface TextState {
  value: string;
  cursor: number;
}

export const emptyText: TextState = { value: '', cursor: 0 };

export function textAt(value: string): TextState {
  return { value, cursor: value.length };
}

/** The new state after a press, or null when the press is not an editing key (the caller handles it). */
export function editText(state: TextState, press: Press): TextState | null {
  const { value } = state;
  const cursor = Math.min(Math.max(0, state.cursor), value.length);
  switch (press.name) {
    case 'backspace':
      return cursor === 0 ? { value, cursor } : { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
    case 'left':
      return { value, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { value, cursor: Math.min(value.length, cursor + 1) };
    case 'home':
    case 'ctrl-a':
      return { value, cursor: 0 };
    case 'end':
    case 'ctrl-e':
      return { value, cursor: value.length };
    case 'ctrl-u':
      return { value: value.slice(cursor), cursor: 0 };
    case 'ctrl-w': {
      const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
      return { value: before + value.slice(cursor), cursor: before.length };
    }
    default:
      break;
  }
  if (press.text === '' || press.name.startsWith('ctrl-')) return null;
  // typed or pasted text: one line, no control characters
  const text = press.text.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
  if (text === '') return null;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}
