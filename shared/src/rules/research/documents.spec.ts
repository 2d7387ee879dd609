import { describe, it } from 'node:test';
import { expect } from 'expect';
import { formatDocumentSize, uploadFailureText } from './documents.js';

describe('document rules', () => {
  it('shows file sizes in B, KB, MB and GB', () => {
    expect(formatDocumentSize(0)).toBe('0 B');
    expect(formatDocumentSize(900)).toBe('900 B');
    expect(formatDocumentSize(1536)).toBe('1.5 KB');
    expect(formatDocumentSize(52 * 1024 * 1024)).toBe('52 MB');
    expect(formatDocumentSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('upload failures', () => {
  it("keeps the server's refusal that names the file, its reason and what to do", () => {
    const error = 'q3.pdf is encrypted (password-protected): remove the password and upload it again.';
    expect(uploadFailureText('q3.pdf', { status: 422, error })).toBe(error);
  });

  it('names the file when the server failed, the connection was lost or a proxy refused it bare', () => {
    const server = uploadFailureText('10-q.pdf', { status: 500, error: 'Something went wrong on our side. Please try again.' });
    expect(server).toMatch(/^10-q\.pdf was not uploaded: the server failed while reading it \(500\)\. Try again; .*save it again as a PDF/);
    expect(uploadFailureText('a.pdf', { status: 0, error: 'fetch failed' })).toMatch(
      /^a\.pdf was not uploaded: the server could not be reached/,
    );
    expect(uploadFailureText('big.pdf', { status: 413, error: 'Request Entity Too Large' })).toMatch(
      /^big\.pdf was not uploaded: it is too large .*Split it/,
    );
    expect(uploadFailureText('b.pdf', { status: 400, error: 'Choose at least one PDF.' })).toBe(
      'b.pdf was not uploaded: Choose at least one PDF.',
    );
  });
});
