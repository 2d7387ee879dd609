/** The ops commands' text: coloured states and sizes (rules from shared). */
import { checkStatusColour, formatFileSize, instanceState, instanceStateColour, type OpsColour } from '@credence/shared';
import type { Style } from '../output/text.js';

export function paint(style: Style, colour: OpsColour, text: string): string {
  if (colour === 'green') return style.green(text);
  if (colour === 'yellow') return style.yellow(text);
  if (colour === 'red') return style.red(text);
  return style.dim(text);
}

export const stateText = (style: Style, state: string) => paint(style, instanceStateColour(state), instanceState(state));
export const checkText = (style: Style, status: string) => paint(style, checkStatusColour(status), status || 'unknown');
export const sizeText = (bytes: number) => formatFileSize(bytes);
