// Parsers of option values shared by the CLI's commands; a bad value stops the command with a message.
import { InvalidArgumentError } from 'commander';
import { usageError } from './cli-error.js';
import { parseDuration, parseInstant } from '../domain/key-expiry.js';
import { parseScopeList } from '../domain/scope-list.js';

export const positiveInteger = (flag: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw usageError(`${flag} must be a positive integer, got ${value}`);
  return n;
};

export const nonNegativeInteger = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw usageError(`${name} must be 0 or a positive integer, got ${value}`);
  return n;
};

/** `true` or `false`, exactly: any other word stops the command rather than being taken for either. */
export const trueOrFalse = (text: string): boolean => {
  if (text !== 'true' && text !== 'false') throw new InvalidArgumentError('Give true or false.');
  return text === 'true';
};

/** Commander parser from a domain parser whose errors explain themselves. */
const explained =
  <T>(parse: (text: string) => T) =>
  (value: string): T => {
    try {
      return parse(value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };

/** `pets:read,orders:write`: an unknown name is an error listing the valid ones. */
export const scopeList = explained(parseScopeList);

/** `90d` or `12h`, as milliseconds. */
export const duration = explained(parseDuration);

/** An RFC 3339 time, as Unix epoch milliseconds. */
export const instant = explained(parseInstant);

/** An RFC 3339 time, or `never`: null. */
export const instantOrNever = explained((text: string) => (text === 'never' ? null : parseInstant(text)));
