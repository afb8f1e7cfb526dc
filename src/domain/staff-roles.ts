// What each console role may do, as sets of the API's own scopes (src/domain/scopes.ts): the console asks
// the same table as the API, so there is no second permission system. A role that needs a finer line than
// the scopes draw gets a new scope, as `pets:remove` was split from `pets:write` for volunteers.
import { scopeNames, type Scope } from './scopes.js';

export const staffRoles = ['volunteer', 'staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

const volunteer: readonly Scope[] = ['pets:read', 'pets:write'];

export const roleScopes: Record<StaffRole, readonly Scope[]> = {
  /** Animals and photos (read, add, edit, publish), and the catalogue to read. */
  volunteer,
  /** The volunteer's, plus removing animals, the catalogue, applications with their personal data, adoptions. */
  staff: [
    ...volunteer,
    'pets:remove',
    'catalog:write',
    'orders:manage',
    'events:read',
    'applications:read',
    'applications:manage',
  ],
  /** Everything; staff accounts, API keys and webhooks are the admin's alone, as they are no key's. */
  admin: scopeNames,
};

/** Whether a role runs the deployment (staff accounts, and later keys and webhooks): the admin alone, as no key can. */
export const administers = (role: StaffRole): boolean => role === 'admin';
