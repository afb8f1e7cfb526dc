// Who made a change, as every event records it: a staff account in the console, an API key, a visitor of the
// public pages (never named: an applicant's name is personal data), or the service itself (its jobs, and
// the operator's commands on the machine).
export type Actor =
  | { type: 'staff'; id: number; name: string }
  | { type: 'key'; id: string; name: string }
  | { type: 'public' }
  | { type: 'service' };

export const serviceActor: Actor = { type: 'service' };
export const publicActor: Actor = { type: 'public' };
