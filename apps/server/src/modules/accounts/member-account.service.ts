/**
 * How other modules read a member's account, change its role and end its sessions, in their own transaction
 * (docs/architecture.md#module-boundaries).
 */
export { findUserById, updateUserRole, type UserRow } from './user.repository.js';
export { revokeUserRefreshTokens } from './refresh-token.repository.js';
