import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ChatHistoryItem } from '../../contracts/research.js';
import { chatCompany, chatFiles, chatPageOf, chatSubject, chatTitle, filterChats } from './chats.js';

const item = (query_str: string, updated_at: string, company_name?: string): ChatHistoryItem => ({
  id: query_str,
  chat_id: query_str,
  user_id: 'u',
  query_str,
  chat_category: 'companies-house',
  chat_metadata: company_name ? { company_name, company_id: '01234567' } : {},
  created_at: updated_at,
  updated_at,
});

describe('chat list rules', () => {
  it('cuts a title at 50 characters on one line', () => {
    expect(chatTitle('Short  question\n')).toBe('Short question');
    const long = 'What are the covenants and the security given to each lender of this company?';
    expect(chatTitle(long)).toBe(`${long.slice(0, 50).trimEnd()}...`);
    expect(chatTitle(long, 30)).toHaveLength(33);
  });

  it('names the company with its number', () => {
    expect(chatCompany({ company_name: 'ACME LTD', company_id: '01234567' })).toBe('ACME LTD (01234567)');
    expect(chatCompany({ cik: '320193' })).toBe('320193');
    expect(chatCompany(undefined)).toBe('');
  });

  it('names a PDF chat by its files, inert, and finds it by them', () => {
    expect(chatSubject({ isCurrentChatPDF: true, chatPDFFileName: 'northwind-10k.pdf' })).toBe('northwind-10k.pdf');
    expect(chatFiles({ chatPDFFileName: 'a.pdf', chatPDFFileNames: ['a.pdf', 'b.pdf'] })).toBe('a.pdf, b.pdf');
    expect(chatFiles({ chatPDFFileNames: ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'] })).toBe('a.pdf, b.pdf + 2 more');
    expect(chatFiles({ chatPDFFileNames: ['evil\u001b[2J\u001b[31m.pdf'] })).toBe('evil [2J [31m.pdf');
    expect(chatSubject({ company_name: 'ACME LTD', company_id: '01234567', chatPDFFileName: 'a.pdf' })).toBe('ACME LTD (01234567)');
    expect(chatSubject({})).toBe('');
    const pdf = { ...item('What is this document?', '2026-01-01'), chat_metadata: { chatPDFFileNames: ['northwind-10k.pdf'] } };
    expect(filterChats([pdf, item('Covenants', '2026-02-01')], 'northwind').map((i) => i.query_str)).toEqual(['What is this document?']);
  });

  it('searches title and company, newest first', () => {
    const items = [item('Summary sheet', '2026-01-01', 'ACME LTD'), item('Covenants', '2026-02-01'), item('Lenders of acme', '2026-03-01')];
    expect(filterChats(items, 'acme').map((i) => i.query_str)).toEqual(['Lenders of acme', 'Summary sheet']);
    expect(filterChats(items).map((i) => i.query_str)).toEqual(['Lenders of acme', 'Covenants', 'Summary sheet']);
  });

  it('opens a restructuring chat on its workspace and an equity analysis on data insights; other chats in the research chat', () => {
    expect(chatPageOf({ chat_id: 'ws 1', chat_category: 'restructuring' })).toBe('/us/restructuring?chatKey=ws%201');
    expect(chatPageOf({ chat_id: 'e1', chat_category: 'equity-analysis' })).toBe('/us/equity_analysis/data_insights?chatKey=e1');
    expect(chatPageOf({ chat_id: 'c1', chat_category: 'companies-house' })).toBeNull();
  });
});
