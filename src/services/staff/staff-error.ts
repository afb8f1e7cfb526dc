// What the staff use cases refuse, by code: the console words each one for its page, the CLI prints the
// message.
export type StaffErrorCode =
  'staff_exists' | 'staff_not_found' | 'staff_email_invalid' | 'staff_name_invalid' | 'last_admin';

export class StaffError extends Error {
  override name = 'StaffError';

  constructor(
    readonly code: StaffErrorCode,
    message: string,
  ) {
    super(message);
  }
}
