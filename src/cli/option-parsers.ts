// Parsers of option values shared by the CLI's commands; a bad value stops the command with a message.

export const positiveInteger = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return n;
};
