// What other modules use of accounts and sessions.
export { currentUser } from './guards';
export { hashPassword } from './passwords';
export { hashToken, randomSecret } from './tokens';
