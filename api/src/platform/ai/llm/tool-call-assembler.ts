/**
 * Assembles one streamed chat completion (OpenAI-compatible chunks) into answer text, reasoning
 * and tool calls, surviving the quirks of compatible servers (see
 * shared/reference/llm-streaming.md): fragments keyed by `index`, a missing index (Ollama
 * < 0.4.7), every parallel call at index 0 with different ids (a new slot when the id changes),
 * a name that arrives after the first fragment, `finish_reason: "stop"` after tool calls,
 * reasoning in `reasoning_content` or `reasoning`, `<think>` blocks in `content`, chunks with
 * no choices or `null`, and vLLM's dropped `{}` / lost final `}` for parameterless tools.
 */

export interface AssembledToolCall {
  id: string;
  name: string;
  /** The arguments as received (joined fragments). */
  rawArguments: string;
  /** The parsed arguments (null when they are not a JSON object: see argumentError). */
  arguments: Record<string, unknown> | null;
  argumentError?: string;
}

export interface AssembledRound {
  content: string;
  reasoning: string;
  toolCalls: AssembledToolCall[];
  /** `tool_calls` whenever calls were assembled, whatever the server said. */
  finishReason: string | null;
}

/** What one chunk added that a reader may show at once. */
export interface ChunkDelta {
  content: string;
  reasoning: string;
  /** True once the round has started a tool call. */
  toolCalling: boolean;
}

interface Slot {
  index: number | undefined;
  id: string;
  name: string;
  args: string;
}

interface ToolCallFragment {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: unknown };
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** Splits streamed content into visible text and `<think>` reasoning, across chunk boundaries. */
export class ThinkFilter {
  private inThink = false;
  private held = '';

  push(text: string): { visible: string; reasoning: string } {
    let rest = this.held + text;
    this.held = '';
    let visible = '';
    let reasoning = '';
    while (rest) {
      const tag = this.inThink ? CLOSE : OPEN;
      const at = rest.indexOf(tag);
      if (at >= 0) {
        if (this.inThink) reasoning += rest.slice(0, at);
        else visible += rest.slice(0, at);
        rest = rest.slice(at + tag.length);
        this.inThink = !this.inThink;
        continue;
      }
      // Hold back a tail that could be the start of the tag, split across chunks.
      let keep = 0;
      for (let n = Math.min(tag.length - 1, rest.length); n > 0; n--) {
        if (tag.startsWith(rest.slice(-n))) {
          keep = n;
          break;
        }
      }
      const out = rest.slice(0, rest.length - keep);
      if (this.inThink) reasoning += out;
      else visible += out;
      this.held = rest.slice(rest.length - keep);
      rest = '';
    }
    return { visible, reasoning };
  }

  /** What is left at the end of the stream (a held tail that never became a tag). */
  end(): { visible: string; reasoning: string } {
    const held = this.held;
    this.held = '';
    return this.inThink ? { visible: '', reasoning: held } : { visible: held, reasoning: '' };
  }
}

/** Parses joined arguments: empty means `{}`; a lost final `}` is put back. */
export function parseToolArguments(raw: string): { arguments: Record<string, unknown> | null; argumentError?: string } {
  const text = raw.trim();
  if (text === '') return { arguments: {} };
  for (const candidate of [text, `${text}}`]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return { arguments: value as Record<string, unknown> };
      return { arguments: null, argumentError: 'the arguments must be a JSON object' };
    } catch {
      // try the next candidate
    }
  }
  return { arguments: null, argumentError: `the arguments are not valid JSON: ${text.slice(0, 200)}` };
}

export class ToolCallAssembler {
  private readonly slots: Slot[] = [];
  private readonly think = new ThinkFilter();
  private content = '';
  private reasoning = '';
  private finishReason: string | null = null;

  /** Feeds one parsed chunk (anything the server sent between `data:` and the blank line). */
  push(chunk: unknown): ChunkDelta {
    const delta: ChunkDelta = { content: '', reasoning: '', toolCalling: this.slots.length > 0 };
    if (!chunk || typeof chunk !== 'object') return delta;
    const choices = (chunk as { choices?: unknown }).choices;
    if (!Array.isArray(choices)) return delta;
    for (const choice of choices as { index?: number; delta?: Record<string, unknown> | null; finish_reason?: string | null }[]) {
      if (!choice || (choice.index ?? 0) !== 0) continue;
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
      const d = choice.delta;
      if (!d) continue;
      for (const field of ['reasoning_content', 'reasoning'] as const) {
        if (typeof d[field] === 'string') delta.reasoning += d[field];
      }
      if (typeof d.content === 'string' && d.content) {
        const split = this.think.push(d.content);
        delta.content += split.visible;
        delta.reasoning += split.reasoning;
      }
      if (Array.isArray(d.tool_calls)) for (const fragment of d.tool_calls as ToolCallFragment[]) this.addFragment(fragment);
    }
    this.content += delta.content;
    this.reasoning += delta.reasoning;
    delta.toolCalling = this.slots.length > 0;
    return delta;
  }

  /** Ends the round: the remaining held text, and every call with its arguments parsed. */
  finish(): AssembledRound & { tail: ChunkDelta } {
    const end = this.think.end();
    this.content += end.visible;
    this.reasoning += end.reasoning;
    const toolCalls = this.slots
      .filter((slot) => slot.name)
      .map((slot, i) => ({
        id: slot.id || `call_${i + 1}`,
        name: slot.name,
        rawArguments: slot.args,
        ...parseToolArguments(slot.args),
      }));
    return {
      content: this.content,
      reasoning: this.reasoning,
      toolCalls,
      finishReason: toolCalls.length > 0 ? 'tool_calls' : this.finishReason,
      tail: { content: end.visible, reasoning: end.reasoning, toolCalling: toolCalls.length > 0 },
    };
  }

  private addFragment(fragment: ToolCallFragment): void {
    if (!fragment || typeof fragment !== 'object') return;
    const id = typeof fragment.id === 'string' ? fragment.id : '';
    const name = typeof fragment.function?.name === 'string' ? fragment.function.name : '';
    const given: unknown = fragment.function?.arguments;
    // Some servers send the arguments as an object rather than a JSON string.
    const args = typeof given === 'string' ? given : given && typeof given === 'object' ? JSON.stringify(given) : '';
    const index = typeof fragment.index === 'number' ? fragment.index : undefined;
    let slot = this.slotFor(index, id, name);
    if (!slot) {
      slot = { index, id, name: '', args: '' };
      this.slots.push(slot);
    }
    if (id && !slot.id) slot.id = id;
    if (name && !slot.name) slot.name = name;
    slot.args += args;
  }

  /** The slot a fragment continues, or undefined when it starts a new call. */
  private slotFor(index: number | undefined, id: string, name: string): Slot | undefined {
    const candidates = index === undefined ? this.slots.slice(-1) : this.slots.filter((s) => s.index === index).slice(-1);
    const slot = candidates[0];
    if (!slot) return undefined;
    // A different id at the same index is another call (Ollama numbers every parallel call 0).
    if (id && slot.id && id !== slot.id) return undefined;
    // Without index or id, a second name means a second call.
    if (index === undefined && !id && name && slot.name) return undefined;
    return slot;
  }
}

const TEXT_CALL = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

/** Whether streamed content may be a tool call written as text (hold it back until the round ends). */
export function mayBeTextToolCall(content: string): boolean {
  const start = content.trimStart();
  return start.startsWith('{') || '<tool_call>'.startsWith(start.slice(0, 11)) || start.startsWith('<tool_call>');
}

/**
 * Tool calls a server without a tool-aware chat template sent as text (llama.cpp without
 * `--jinja`): `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` blocks (Hermes) or one
 * bare `{"name": ..., "parameters": {...}}` (Llama 3.1). Only names of known tools count.
 */
export function textToolCalls(content: string, known: (name: string) => boolean): AssembledToolCall[] {
  const text = content.trim();
  const blocks = text.startsWith('<tool_call>') ? [...text.matchAll(TEXT_CALL)].map((m) => m[1]) : [text];
  const calls: AssembledToolCall[] = [];
  for (const block of blocks) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch {
      return [];
    }
    const { name, arguments: args, parameters } = (parsed ?? {}) as { name?: unknown; arguments?: unknown; parameters?: unknown };
    const given = args ?? parameters ?? {};
    if (typeof name !== 'string' || !known(name) || typeof given !== 'object' || given === null || Array.isArray(given)) return [];
    calls.push({
      id: `call_text_${calls.length + 1}`,
      name,
      rawArguments: JSON.stringify(given),
      arguments: given as Record<string, unknown>,
    });
  }
  return calls;
}
