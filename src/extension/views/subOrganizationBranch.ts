/**
 * What a sub-organization row opens on: read through the store when it is opened (its wallets with their accounts,
 * and its policies; its users came with the list), as "Wallets", "Users" and "Policies". A read that fails shows
 * its error and Retry under the row, never an empty branch, and no toast.
 */
import * as vscode from 'vscode';
import { CancelledError } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { shown } from '../ui/shownText';
import { subOrganizationParts } from './subOrganizationRows';
import type {
  MessageElement,
  OrganizationElement,
  SubOrganizationElement,
  SubOrganizationPartElement,
} from './treeElements';

/** The failure rows of the view (LoadedTree's): a calm state, or the error with its hint and Retry. */
export type FailureRows = (
  idPrefix: string,
  what: string,
  error: unknown,
  retryCommand: string,
  options?: { readonly parent?: SubOrganizationElement },
) => MessageElement[];

export class SubOrganizationBranch {
  readonly #services: Services;
  readonly #failureRows: FailureRows;

  constructor(services: Services, failureRows: FailureRows) {
    this.#services = services;
    this.#failureRows = failureRows;
  }

  async children(element: SubOrganizationElement | SubOrganizationPartElement): Promise<OrganizationElement[]> {
    if (element.kind === 'subOrganizationPart') return [...element.rows];
    try {
      const contents = await (await this.#services.store()).subOrganization(element.subOrganizationId);
      // No session any more: the view is being drawn again for another profile.
      if (!contents) return [];
      return subOrganizationParts(element, contents, vscode.env.language);
    } catch (error) {
      if (!(error instanceof CancelledError)) this.#services.log.failure('Could not load a sub-organization', error);
      const what = vscode.l10n.t('sub-organization "{0}"', shown(element.name || element.subOrganizationId));
      return this.#failureRows(element.id, what, error, CommandIds.refreshOrganization, { parent: element });
    }
  }
}
