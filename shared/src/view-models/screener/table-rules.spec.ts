import { describe, it } from 'node:test';
import { expect } from 'expect';
import { clampPage, countText, nextSort, pageRange, paginationItems, parsePageJump, showingText, totalText } from './table-rules.js';

const number = { id: 'turnover', kind: 'number' as const, sortable: true };
const text = { id: 'company_name', kind: 'text' as const, sortable: true };

describe('nextSort', () => {
  it('cycles a number column desc, asc, none', () => {
    const first = nextSort(null, number);
    expect(first).toEqual({ columnId: 'turnover', order: 'desc' });
    const second = nextSort(first, number);
    expect(second).toEqual({ columnId: 'turnover', order: 'asc' });
    expect(nextSort(second, number)).toBeNull();
  });

  it('cycles a text column asc, desc, none', () => {
    expect(nextSort(null, text)).toEqual({ columnId: 'company_name', order: 'asc' });
    expect(nextSort({ columnId: 'company_name', order: 'asc' }, text)).toEqual({ columnId: 'company_name', order: 'desc' });
    expect(nextSort({ columnId: 'company_name', order: 'desc' }, text)).toBeNull();
  });

  it('starts over on another column and leaves the sort alone for an unsortable one', () => {
    expect(nextSort({ columnId: 'turnover', order: 'asc' }, text)).toEqual({ columnId: 'company_name', order: 'asc' });
    const sort = { columnId: 'turnover', order: 'desc' as const };
    expect(nextSort(sort, { id: 'lenders', kind: 'text', sortable: false })).toBe(sort);
  });
});

describe('paging', () => {
  it('moves a page at or past the end to the last page and never below 1', () => {
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(3, 0)).toBe(3);
  });

  it('page jump: whole numbers clamp to 1..page count, anything else reverts (null)', () => {
    expect(parsePageJump('3', 10)).toBe(3);
    expect(parsePageJump(' 42 ', 10)).toBe(10);
    expect(parsePageJump('0', 10)).toBe(1);
    expect(parsePageJump('-3', 10)).toBe(1);
    expect(parsePageJump('2.5', 10)).toBeNull();
    expect(parsePageJump('abc', 10)).toBeNull();
    expect(parsePageJump('', 10)).toBeNull();
    expect(parsePageJump('1e3', 10)).toBeNull();
    expect(parsePageJump(4, 10)).toBe(4);
  });

  it('lists every page when 7 or fewer, else ellipses around the current page', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(2, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(paginationItems(19, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  it('says "Showing X to Y of N entries", with "about" for estimates', () => {
    expect(showingText(1, 50, 120)).toBe('Showing 1 to 50 of 120 entries');
    expect(showingText(3, 50, 120)).toBe('Showing 101 to 120 of 120 entries');
    expect(showingText(1, 50, 0)).toBe('Showing 0 to 0 of 0 entries');
    expect(showingText(2, 100, 1_234_567, true)).toBe('Showing 101 to 200 of about 1,234,567 entries');
    expect(totalText(1234, false)).toBe('1,234');
    expect(countText(1, false, 'company', 'companies')).toBe('1 company');
    expect(countText(11_934, false, 'company', 'companies')).toBe('11,934 companies');
    expect(countText(1, true, 'row', 'rows')).toBe('about 1 rows');
    expect(countText(900_000, true, 'charge', 'charges')).toBe('about 900,000 charges');
    expect(pageRange(2, 10, 15)).toEqual({ from: 11, to: 15 });
  });
});
