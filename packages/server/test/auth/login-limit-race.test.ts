import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';

// docs/rules/accounts-and-roles.md: at most 10 failures per email and 50 per address in 15 minutes — also when the
// attempts arrive all at once (the count and the record are one locked transaction).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statuses = (responses: { statusCode: number }[]) => {
  const tally: Record<number, number> = {};
  for (const { statusCode } of responses) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
  return tally;
};

describe('POST /api/auth/login under a burst of simultaneous attempts', () => {
  it('lets at most 10 of 100 parallel wrong passwords for one email reach verification', async () => {
    const { email } = await createUser(t.db);
    const address = uniqueAddress();

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(t.app, { email, password: 'adivinando' }, address)),
    );

    const tally = statuses(responses);
    expect(Object.keys(tally).sort()).toEqual(['401', '429']);
    expect(tally[401]).toBeLessThanOrEqual(10);
    expect(tally[401]! + tally[429]!).toBe(100);
  });

  it('lets at most 50 of 100 parallel wrong logins from one address through, whatever the emails', async () => {
    const address = uniqueAddress();

    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        login(t.app, { email: uniqueEmail('rafaga'), password: 'adivinando' }, address),
      ),
    );

    const tally = statuses(responses);
    expect(Object.keys(tally).sort()).toEqual(['401', '429']);
    expect(tally[401]).toBeLessThanOrEqual(50);
    expect(tally[401]! + tally[429]!).toBe(100);
  });

  it('still signs in the right password once the burst is over if the limit was not reached', async () => {
    const { email, password } = await createUser(t.db);
    const address = uniqueAddress();

    const wrong = await Promise.all(
      Array.from({ length: 5 }, () => login(t.app, { email, password: 'adivinando' }, address)),
    );
    const right = await Promise.all(
      Array.from({ length: 5 }, () => login(t.app, { email, password }, address)),
    );

    expect(wrong.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(right.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Successful logins took their attempts back: 5 more failures are still allowed.
    const more = await Promise.all(
      Array.from({ length: 6 }, () => login(t.app, { email, password: 'adivinando' }, address)),
    );
    expect(statuses(more)).toEqual({ 401: 5, 429: 1 });
  });
});
