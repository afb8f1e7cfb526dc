// A staff account as the console, the CLI and the tests see it, and the rules of its fields.
import type { StaffRole } from './staff-roles.js';

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** `invited` until the account's first one-time link sets a password. */
  status: 'invited' | 'active' | 'disabled';
  createdAt: string;
}

export const longestStaffName = 100;
export const longestEmail = 254;

/** An address with one `@`, no spaces and a host name (a dot is not required: `admin@localhost`). */
const emailShape = /^[^\s@]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

export const isStaffEmail = (email: string): boolean =>
  email.length <= longestEmail && emailShape.test(email);

/** The email as compared: one account per address, whatever its case. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();
