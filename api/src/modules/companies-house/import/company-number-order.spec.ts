import { describe, it } from 'node:test';
import { expect } from 'expect';
import { companyNumberOrder, intersects } from './company-number-order.js';

describe('company number order', () => {
  it('orders company numbers as strings sort, keeping repeated numbers in their order', () => {
    const numbers = ['SC123456', '00445790', 'OC301234', '00445790', 'LP012345', '09145694', 'ZZ999999', '00000001', 'SC123455'];
    const { order, sorted } = companyNumberOrder(numbers);
    expect(Array.from(order, (i) => numbers[i])).toEqual([...numbers].sort());
    expect(Array.from(order).filter((i) => numbers[i] === '00445790')).toEqual([1, 3]);
    expect([...sorted]).toEqual([...sorted].sort((a, b) => a - b));
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const symbols = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const many = Array.from({ length: 5000 }, () => Array.from({ length: 8 }, () => symbols[Math.floor(random() * 36)]).join(''));
    expect(Array.from(companyNumberOrder(many).order, (i) => many[i])).toEqual([...many].sort());
  });

  it('falls back to string order for keys of another shape', () => {
    const numbers = ['b', 'a-1', 'A', 'a-1'];
    expect(Array.from(companyNumberOrder(numbers).order)).toEqual([2, 1, 3, 0]);
  });

  it('finds a number two batches share, and only then', () => {
    const a = companyNumberOrder(['00000001', 'SC000002', '00000003']).sorted;
    expect(intersects(a, companyNumberOrder(['00000004', 'SC000002']).sorted)).toBe(true);
    expect(intersects(a, companyNumberOrder(['00000004', 'SC000001', 'ZZ000000']).sorted)).toBe(false);
    expect(intersects(companyNumberOrder(['a-1']).sorted, companyNumberOrder(['a-1', 'b']).sorted)).toBe(true);
  });
});
