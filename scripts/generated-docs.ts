// Tables in docs/ that are generated from the code, so they cannot drift from it: the
// configuration settings, the error catalogue, the plans' quotas, and the order and application transitions.
// `npm run docs` rewrites them; a test checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import { acceptedValues, settings } from '../src/config.js';
import {
  adoptedByAnotherReason,
  applicationTransitions,
  type ApplicationAction,
} from '../src/domain/application.js';
import { orderTransitions, type Transition } from '../src/domain/order.js';
import { errorCatalogue, errorCodes } from '../src/errors/catalogue.js';
import { quotaTable } from '../src/limits/quota-table.js';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function configurationTable(): string {
  const rows = Object.entries(settings).map(([name, s]) => {
    const fallback = (s.schema as { default?: unknown }).default;
    const shown = fallback === '' || fallback === undefined ? '(none)' : `\`${String(fallback)}\``;
    const meaning = `${s.description}. Accepts ${acceptedValues(s)}`;
    return `| ${name} | \`${s.env}\` | \`${s.flag}\` | ${shown} | ${cell(meaning)} |`;
  });
  return ['| Setting | Env var | Flag | Default | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function errorTable(): string {
  const rows = errorCodes.map((code) => {
    const { status, message, when } = errorCatalogue[code];
    return `| \`${code}\` | ${status} | ${cell(when)} | ${cell(message.replaceAll('%s', '…'))} |`;
  });
  return ['| Code | Status | When | Message |', '|---|---|---|---|', ...rows].join('\n');
}

/** The order transition table of src/domain/order.ts, as docs/orders.md shows it. */
export function transitionTable(): string {
  const path = (action: string) =>
    action === 'place'
      ? '`POST /v1/store/orders` `{petId, note?}`'
      : `\`POST /v1/store/orders/{orderId}/${action}\``;
  const rows = Object.values(orderTransitions).map((t: Transition) => {
    const from = t.action === 'place' ? `pet \`${t.petFrom}\`` : t.from.map((s) => `\`${s}\``).join(' or ');
    return `| ${t.action} (${path(t.action)}) | ${from} | \`${t.to}\` | \`${t.petTo}\` |`;
  });
  return ['| Action | From | Order becomes | Pet becomes |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * How each action of src/domain/application.ts is taken (a key's request, or a step of the linked order, in
 * parentheses), and what else it does in its transaction.
 */
const applicationActions: Record<ApplicationAction, { taken: string; also: string }> = {
  submit: {
    taken: '`POST /v1/applications`',
    also: 'A pet named by `petId` must exist (404 `pet_not_found`); any pet status may be applied for',
  },
  review: { taken: '`POST /v1/applications/{id}/review`', also: '' },
  approve: {
    taken: '`POST /v1/applications/{id}/approve`',
    also:
      'Needs a `petId` and an `available` pet (409 `pet_not_available` otherwise). An order for the pet is ' +
      'placed and approved, so the pet becomes `pending`, and `orderId` is set',
  },
  decline: {
    taken: '`POST /v1/applications/{id}/decline` `{reason}`',
    also: 'From `approved`, the linked order is cancelled and the pet is `available` again',
  },
  withdraw: {
    taken: '`POST /v1/applications/{id}/withdraw`',
    also: 'From `approved`, the linked order is cancelled and the pet is `available` again',
  },
  orderCompleted: {
    taken: '(the linked order completes: `POST /v1/store/orders/{orderId}/complete`)',
    also: `Every other open application for the pet becomes \`declined\`, with the reason "${adoptedByAnotherReason}"`,
  },
  orderCancelled: {
    taken: '(the linked order is cancelled through the orders API)',
    also: '`orderId` is cleared',
  },
};

/** The application transition table of src/domain/application.ts, as docs/applications.md shows it. */
export function applicationTransitionTable(): string {
  const rows = Object.entries(applicationTransitions).map(([action, t]) => {
    const { taken, also } = applicationActions[action as ApplicationAction];
    const from = t.from.length === 0 ? '–' : t.from.map((s) => `\`${s}\``).join(', ');
    const named = taken.startsWith('(') ? taken : `${action} (${taken})`;
    return `| ${named} | ${from} | \`${t.to}\` | ${cell(also)} |`;
  });
  return [
    '| Action | From | Application becomes | What else happens, in the same transaction |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Each generated block: the file it lives in, its marker name, and its content. */
export const generatedBlocks = (): Array<{ file: string; name: string; content: string }> => [
  { file: 'docs/configuration.md', name: 'configuration', content: configurationTable() },
  { file: 'docs/errors.md', name: 'error-codes', content: errorTable() },
  { file: 'docs/rate-limits.md', name: 'plan-quotas', content: quotaTable() },
  { file: 'docs/orders.md', name: 'order-transitions', content: transitionTable() },
  { file: 'docs/applications.md', name: 'application-transitions', content: applicationTransitionTable() },
];

const markers = (name: string) => [`<!-- generated:${name} -->`, `<!-- /generated:${name} -->`] as const;

/** The text between a block's markers in a file, or undefined when the markers are missing. */
export function currentBlock(text: string, name: string): string | undefined {
  const [open, close] = markers(name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  return start < 0 || end < start ? undefined : text.slice(start + open.length, end).trim();
}

function replaceBlock(text: string, name: string, content: string): string {
  const [open, close] = markers(name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`markers ${open} … ${close} are missing`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, name, content } of generatedBlocks()) {
    writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), name, content));
    console.log(`updated ${name} in ${file}`);
  }
}
