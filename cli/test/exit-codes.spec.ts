import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '@credence/shared';
import { AuthError, describeFailure, EXIT, UsageError } from '../src/runtime/exit-codes.js';

const api = (status: number, error: string) => new ApiError({ status, error, call: 'GET /api/x' });

describe('failure → exit code and message', () => {
  it('maps 401 to 4 telling the user to sign in, and a 403 to 5 (refused: signing in again would not help) with the refusal, never "not signed in"', () => {
    expect(describeFailure(api(401, 'Invalid token'))).toEqual({
      code: EXIT.auth,
      message: expect.stringContaining('run `credence login`'),
    });
    const forbidden = describeFailure(api(403, 'Your account is not approved yet'));
    expect(forbidden.code).toBe(5);
    expect(forbidden.message).toBe('Refused: Your account is not approved yet');
    const role = describeFailure(api(403, 'This needs the ops or admin role.'));
    expect(role.code).toBe(5);
    expect(role.message).toMatch(/^Refused: This needs the ops or admin role\. You are signed in; ask an administrator/);
    expect(role.message).not.toMatch(/not signed in/i);
    expect(describeFailure(new AuthError('no token')).code).toBe(4);
  });

  it('maps bad input to 2: usage errors, filter errors and the server 400s', () => {
    expect(describeFailure(new UsageError('bad flag'))).toEqual({ code: 2, message: 'bad flag' });
    const filterError = Object.assign(new Error('Unknown column "x"'), { name: 'FilterExpressionError' });
    expect(describeFailure(filterError)).toEqual({ code: 2, message: 'Unknown column "x"' });
    expect(describeFailure(api(400, 'The cursor is not valid'))).toEqual({ code: 2, message: 'The cursor is not valid' });
  });

  it('maps an unreachable server to 1 with what to do next', () => {
    const failure = describeFailure(api(0, 'Could not reach the API at http://localhost:3000 (ECONNREFUSED)'), 'http://localhost:3000');
    expect(failure.code).toBe(1);
    expect(failure.message).toContain('ECONNREFUSED');
    expect(failure.message).toContain('--api-url');
  });

  it('maps server failures to 1 naming the status and suggesting a retry', () => {
    const failure = describeFailure(api(500, 'Something went wrong on our side.'));
    expect(failure.code).toBe(1);
    expect(failure.message).toMatch(/^The API failed \(500\): Something went wrong on our side\. Try again/);
    expect(describeFailure(api(413, 'This export would hold 2,000,000 rows')).code).toBe(1);
  });

  it("maps a 404 to 1: the API's own words, or where to look when the route or the server is wrong", () => {
    expect(describeFailure(api(404, 'No charges are registered to a lender named "X".'))).toEqual({
      code: 1,
      message: 'No charges are registered to a lender named "X".',
    });
    const route = describeFailure(api(404, 'No route GET /api/x. The API reference is at /api/docs.'), 'http://h:1');
    expect(route).toEqual({
      code: 1,
      message: expect.stringContaining('Is the server older than this client? Update it, or check --api-url (now http://h:1).'),
    });
    expect(describeFailure(api(404, 'Not Found'), 'http://h:1').message).toBe(
      'Not Found (GET /api/x): is --api-url (now http://h:1) the Credence API?',
    );
    expect(describeFailure(new Error('boom'))).toEqual({ code: 1, message: 'boom' });
  });

  it('says a server failure once: no doubled full stop, no second "try again" (issue 28)', () => {
    const generic = describeFailure(api(500, 'Something went wrong on our side. Please try again; if it persists, contact support.'));
    expect(generic).toEqual({
      code: 1,
      message:
        "The API failed (500): Something went wrong on our side. Please try again; if it persists, contact support. If it keeps failing, check the server's log.",
    });
    expect(describeFailure(api(503, 'SSM did not answer')).message).toBe(
      "The API failed (503): SSM did not answer. Try again; if it keeps failing, check the server's log.",
    );
    const stopped =
      'The instance i-0123456789abcdef0 is stopped: its logs and screens can be read only while it runs. Start it and try again.';
    expect(describeFailure(api(409, stopped))).toEqual({ code: 1, message: stopped });
  });
});
