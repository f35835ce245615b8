/**
 * What an ABI command acts on: an interface of the active organization (by id, or chosen from the store's list)
 * and the ABI of a file.
 */
import * as vscode from 'vscode';
import type { ReadAbi, SmartContractInterface } from '../../api';
import { readAbiFile } from '../../api/remote';
import type { Services, Session } from '../services';
import { readAbiSource } from '../ui/abiDocuments';
import { withOpenAtProblem } from '../ui/errorAction';
import { withProgress } from '../ui/progress';
import { pickSmartContractInterface } from '../ui/prompts';

/** What a caller may name instead of being asked: the file, its contract, the interface, a label. */
export interface AbiFileOptions {
  readonly uri?: string | undefined;
  readonly contractName?: string | undefined;
  readonly smartContractInterfaceId?: string | undefined;
  readonly label?: string | undefined;
}

/** An interface of the active organization, by id, from the shared list (read anew when it is not there). */
export async function interfaceById(services: Services, session: Session, id: string): Promise<SmartContractInterface> {
  const listing = await (await services.store()).interfaceListing();
  const known = listing?.interfaces.find((sci) => sci.smartContractInterfaceId === id);
  if (known) return known;
  return withProgress(vscode.l10n.t('Reading smart contract interface {0}…', id), (signal) =>
    session.client.getSmartContractInterface(
      { organizationId: session.profile.organizationId, smartContractInterfaceId: id },
      { signal },
    ),
  );
}

export async function pickInterface(services: Services, title: string): Promise<SmartContractInterface | undefined> {
  const listing = await (await services.store()).interfaceListing();
  return pickSmartContractInterface(listing?.interfaces ?? [], title);
}

/** The file's ABI (one contract), or an error that opens the file at its problem. */
export async function readFileAbi(uri: vscode.Uri, contractName: string | undefined): Promise<ReadAbi> {
  const source = await readAbiSource(uri);
  try {
    return readAbiFile(source.text, source.fileName, contractName);
  } catch (error) {
    throw withOpenAtProblem(error, uri);
  }
}
