import { randomBytes } from 'node:crypto';

let emailCounter = 0;
/** An email no other test (file, worker or run) uses. */
export const uniqueEmail = (prefix = 'usuario') =>
  `${prefix}.${process.pid}.${++emailCounter}.${randomBytes(3).toString('hex')}@example.com`;

let addressCounter = 0;
/**
 * A client address no other test of the file uses, so one test's failed logins or demo requests do
 * not count against another's (rate limits are per app, and each file has its own app).
 */
export const uniqueAddress = () => {
  const n = addressCounter++;
  return `10.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

/** An email and phone for an order, unique per call, to search for in scanner answers. */
export const uniqueContact = () => ({
  email: uniqueEmail('privada'),
  telefono: `+34 6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
});
