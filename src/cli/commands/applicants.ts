// `petstore applicants export|erase`: an applicant's personal data on request, over HTTP through the SDK:
// everything held on an address (subject access), and its erasure. No message or outcome names the address,
// since those may end up in a log; only the question asked on a terminal does, for the person to check it.
import { Command } from 'commander';
import { usageError } from '../cli-error.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { confirmed } from '../confirm.js';
import { printOutcome } from '../print-table.js';

type EmailFlags = ClientFlags & { email: string };

const withEmailOption = (command: Command) =>
  command.requiredOption('--email <address>', 'The applicant’s email address, compared in any case');

export function applicantsCommand(): Command {
  const applicants = new Command('applicants');

  withClientOptions(
    withEmailOption(
      applicants
        .command('export')
        .description(
          'Print as JSON everything held on an applicant: every application of the address, with notes (subject access)',
        ),
    ),
  ).action(async (flags: EmailFlags) => {
    const applicant = await withClient(flags, (client) => client.getApplicant(flags.email));
    // JSON with or without --json: the answer to a subject-access request is handed over as it is held.
    console.log(JSON.stringify(applicant, null, 2));
  });

  withClientOptions(
    withEmailOption(
      applicants
        .command('erase')
        .description(
          'Erase the personal data of every application of an address; ids, statuses, times, country and region stay',
        ),
    ).option('--yes', 'Erase without asking (asked only when the input is a terminal)'),
  ).action(async (flags: EmailFlags & { yes?: boolean }) => {
    const question = `Erase the personal data of every application of ${flags.email}? It cannot be undone. [y/N] `;
    if (!(await confirmed(question, flags.yes)))
      throw usageError('nothing was erased: answer y to erase, or pass --yes');
    const erasure = await withClient(flags, (client) => client.eraseApplicant(flags.email));
    printOutcome(
      erasure,
      ({ erased }) => `erased ${erased} application${erased === 1 ? '' : 's'}`,
      flags.json,
    );
  });

  return applicants;
}
