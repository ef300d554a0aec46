/**
 * The accounts module's public face. Accounts are read and written by several modules (sign-in,
 * settings, profiles, admin, Open311 partners), each with its own rules; this module holds no rules
 * of its own, so its store is its public API.
 */
export { AccountsRepo, FORMER_RESIDENTS_ID, type AccountListOptions, type GovernmentListOptions, type DeletedAccount } from './repo.js';
