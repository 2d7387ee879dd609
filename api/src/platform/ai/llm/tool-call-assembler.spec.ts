import { describe, it } from 'node:test';
import { expect } from 'expect';
import { mayBeTextToolCall, parseToolArguments, textToolCalls, ThinkFilter, ToolCallAssembler } from './tool-call-assembler.js';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason: finish }] });

function assemble(chunks: unknown[]) {
  const assembler = new ToolCallAssembler();
  let content = '';
  for (const c of chunks) content += assembler.push(c).content;
  const round = assembler.finish();
  return { ...round, streamed: content + round.tail.content };
}

describe('ToolCallAssembler', () => {
  it('joins argument fragments by index and parses them when the call ends', () => {
    const round = assemble([
      chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'get_charges', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'get_profile', arguments: '{"company_number":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"company_number":"01' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '"02"}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }),
      chunk({}, 'tool_calls'),
      { choices: [], usage: { total_tokens: 3 } },
    ]);
    expect(round.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['a', 'get_charges', { company_number: '01' }],
      ['b', 'get_profile', { company_number: '02' }],
    ]);
    expect(round.finishReason).toBe('tool_calls');
  });

  it('opens a new call when the id changes at the same index, or a second name comes without index or id', () => {
    const same = assemble([
      chunk({ tool_calls: [{ index: 0, id: 'x', function: { name: 'a', arguments: '{"n":1}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'y', function: { name: 'b', arguments: '{"n":2}' } }] }),
    ]);
    expect(same.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
    ]);
    const bare = assemble([
      chunk({ tool_calls: [{ function: { name: 'a', arguments: '{"n":1}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'b', arguments: '{"n":2}' } }] }),
    ]);
    expect(bare.toolCalls.map((c) => [c.id, c.name])).toEqual([
      ['call_1', 'a'],
      ['call_2', 'b'],
    ]);
  });

  it('takes arguments sent as an object', () => {
    const round = assemble([chunk({ tool_calls: [{ index: 0, id: 'o', function: { name: 'a', arguments: { company_number: '01' } } }] })]);
    expect(round.toolCalls[0].arguments).toEqual({ company_number: '01' });
  });

  it('treats "stop" after assembled calls as tool calls, and survives null chunks and chunks without choices', () => {
    const round = assemble([
      null,
      { id: 'gw' },
      chunk({ tool_calls: [{ id: 'q', function: { name: 'a', arguments: '{}' } }] }),
      chunk({}, 'stop'),
    ]);
    expect(round.finishReason).toBe('tool_calls');
    expect(assemble([chunk({ content: 'Hi.' }, 'stop')]).finishReason).toBe('stop');
  });

  it('never shows reasoning as answer text, in any field or in <think> tags split across chunks', () => {
    const round = assemble([
      chunk({ reasoning_content: 'hidden one. ' }),
      chunk({ reasoning: 'hidden two. ' }),
      chunk({ content: 'Answer <th' }),
      chunk({ content: 'ink>hidden three</thi' }),
      chunk({ content: 'nk>stays. 3 < 4' }),
    ]);
    expect(round.streamed).toBe('Answer stays. 3 < 4');
    expect(round.content).toBe('Answer stays. 3 < 4');
    expect(round.reasoning).toBe('hidden one. hidden two. hidden three');
  });

  it('keeps a held "<" that never became a tag', () => {
    const filter = new ThinkFilter();
    expect(filter.push('a <').visible).toBe('a ');
    expect(filter.end().visible).toBe('<');
  });

  it("reads vLLM's dropped {} and lost final } for tool arguments, and says when JSON is bad", () => {
    expect(parseToolArguments('')).toEqual({ arguments: {} });
    expect(parseToolArguments('{"company_number": "01"')).toEqual({ arguments: { company_number: '01' } });
    expect(parseToolArguments('[1]').argumentError).toMatch(/JSON object/);
    expect(parseToolArguments('{"a": ').argumentError).toMatch(/not valid JSON/);
  });
});

describe('tool calls written as text', () => {
  const known = (name: string) => name === 'get_charges';
  it('reads Hermes blocks and a bare Llama call of a known tool, and nothing else', () => {
    expect(textToolCalls('<tool_call>\n{"name": "get_charges", "arguments": {"company_number": "01"}}\n</tool_call>', known)).toEqual([
      { id: 'call_text_1', name: 'get_charges', rawArguments: '{"company_number":"01"}', arguments: { company_number: '01' } },
    ]);
    expect(textToolCalls('{"name": "get_charges", "parameters": {}}', known).map((c) => c.name)).toEqual(['get_charges']);
    expect(textToolCalls('{"name": "rm_rf", "parameters": {}}', known)).toEqual([]);
    expect(textToolCalls('{"turnover": 12}', known)).toEqual([]);
  });

  it('holds content only while it may still be a call', () => {
    expect(mayBeTextToolCall('  <tool')).toBe(true);
    expect(mayBeTextToolCall('{"na')).toBe(true);
    expect(mayBeTextToolCall('\n')).toBe(true);
    expect(mayBeTextToolCall('Turnover')).toBe(false);
    expect(mayBeTextToolCall('<b>')).toBe(false);
  });
});
