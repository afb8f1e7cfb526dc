// Tables in docs/ that are generated from the code, so they cannot drift from it: the
// configuration settings, the error catalogue, the plans' quotas and the order transitions. `npm run docs` rewrites them; a test checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import { acceptedValues, settings } from '../src/config.js';
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

/** Each generated block: the file it lives in, its marker name, and its content. */
export const generatedBlocks = (): Array<{ file: string; name: string; content: string }> => [
  { file: 'docs/configuration.md', name: 'configuration', content: configurationTable() },
  { file: 'docs/errors.md', name: 'error-codes', content: errorTable() },
  { file: 'docs/rate-limits.md', name: 'plan-quotas', content: quotaTable() },
  { file: 'docs/orders.md', name: 'order-transitions', content: transitionTable() },
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
