// `petstore applications ...`: adoption applications as shelter staff handle them, over HTTP through the SDK,
// like `petstore orders`: list, show, the actions of the transition table, notes and counts.
import { Command, Option } from 'commander';
import type { Application, ApplicationNote, ApplicationSort, ApplicationStatus } from '@petstore/client';
import {
  applicationStatuses,
  applicationTransitions,
  type ApplicationStepAction,
  type ApplicationTransition,
} from '../../domain/application.js';
import { applicationDetails } from '../application-details.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { withListOptions, printPage, type ListFlags } from '../listing.js';
import { positiveInteger } from '../option-parsers.js';
import { printFound, printOutcome } from '../print-table.js';

const applicationRow = (application: Application) => ({
  id: application.id,
  pet: application.petId ?? '-',
  status: application.status,
  applicant: application.applicant.name,
  created: application.createdAt,
});

const noteRow = (note: ApplicationNote) => ({
  id: note.id,
  author: note.author,
  created: note.createdAt,
  text: note.text.replace(/\n/g, ' '),
});

const applicationSorts: readonly ApplicationSort[] = ['-createdAt', 'createdAt'];

/** The actions that take nothing but the application, each with its SDK call. */
const plainActions = {
  review: 'reviewApplication',
  approve: 'approveApplication',
  withdraw: 'withdrawApplication',
} as const;

/** What an action does to the application's order, as the transition table says. */
const orderEffects: Partial<Record<NonNullable<ApplicationTransition['order']>, string>> = {
  placeAndApprove: ', and an order for its pet is placed and approved (the pet becomes pending)',
  cancel: '; from approved, its order is cancelled and the pet is available again',
};

/** What an action does, from the transition table: `From submitted or in_review: … becomes approved, …`. */
const describeAction = (action: ApplicationStepAction) => {
  const transition: ApplicationTransition = applicationTransitions[action];
  const effect = (transition.order && orderEffects[transition.order]) ?? '';
  return `From ${transition.from.join(' or ')}: the application becomes ${transition.to}${effect}`;
};

const idArgument = (command: Command) => command.argument('<id>', 'Application id');

export function applicationsCommand(): Command {
  const applications = new Command('applications');

  withClientOptions(
    withListOptions(
      applications
        .command('list')
        .description(
          'List applications, newest first: one page (the first, or the one --cursor names), or every page with --all',
        )
        .addOption(
          new Option('--status <status>', 'Only applications with this status').choices(applicationStatuses),
        )
        .option('--pet <id>', 'Only applications for this pet', positiveInteger('--pet'))
        .option('--q <words>', "Words of the applicant's name or email; the last may be the start of one")
        .addOption(
          new Option('--sort <sort>', 'Newest first (-createdAt, the default) or oldest first').choices(
            applicationSorts,
          ),
        ),
      'applications',
    ),
  ).action(
    async (
      flags: ClientFlags &
        ListFlags & { status?: ApplicationStatus; pet?: number; q?: string; sort?: ApplicationSort },
    ) => {
      const { status, pet: petId, q, sort, limit, cursor } = flags;
      const query = { status, petId, q, sort, limit, cursor };
      await withClient(flags, async (client) => {
        if (!flags.all)
          return printPage(
            await client.listApplicationsPage(query),
            'applications',
            applicationRow,
            flags.json,
          );
        const collected: Application[] = [];
        for await (const application of client.listAllApplications(query)) collected.push(application);
        printFound(collected, applicationRow, flags.json);
      });
    },
  );

  withClientOptions(
    idArgument(applications.command('show').description('Show one application whole, with its notes')),
  ).action(async (id: string, flags: ClientFlags) => {
    const application = await withClient(flags, (client) => client.getApplication(id));
    printOutcome(application, applicationDetails, flags.json);
  });

  for (const action of Object.keys(plainActions) as Array<keyof typeof plainActions>) {
    withClientOptions(idArgument(applications.command(action).description(describeAction(action)))).action(
      async (id: string, flags: ClientFlags) => {
        const acted = await withClient(flags, (client) => client[plainActions[action]](id));
        printFound(acted, applicationRow, flags.json);
      },
    );
  }

  withClientOptions(
    idArgument(applications.command('decline').description(describeAction('decline'))).requiredOption(
      '--reason <text>',
      'Why, 1 to 500 characters; the application keeps it',
    ),
  ).action(async (id: string, flags: ClientFlags & { reason: string }) => {
    const declined = await withClient(flags, (client) => client.declineApplication(id, flags.reason));
    printFound(declined, applicationRow, flags.json);
  });

  withClientOptions(
    idArgument(
      applications
        .command('note')
        .description('Add an internal note, signed with the key’s name; never shown to the applicant'),
    ).argument('<text>', 'The note, 1 to 2,000 characters'),
  ).action(async (id: string, text: string, flags: ClientFlags) => {
    printFound(await withClient(flags, (client) => client.addApplicationNote(id, text)), noteRow, flags.json);
  });

  withClientOptions(applications.command('counts').description('Count applications in each status')).action(
    async (flags: ClientFlags) => {
      printFound(await withClient(flags, (client) => client.countApplications()), (c) => c, flags.json);
    },
  );

  return applications;
}
