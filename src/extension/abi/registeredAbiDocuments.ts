/**
 * The text of the read-only ABI documents (see registeredAbiUri.ts): a registered interface's ABI read with
 * get_smart_contract_interface, or a file's ABI (its current text, unsaved edits included), each canonical and
 * pretty-printed.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import { prettyCanonicalAbi } from '../../api/remote';
import { readAbiFile } from '../../api/remote';
import type { Services } from '../services';
import { readAbiSource } from '../ui/abiDocuments';
import { parseAbiDocumentUri } from './registeredAbiUri';

export async function registeredAbiText(
  services: Services,
  uri: vscode.Uri,
  token: vscode.CancellationToken,
): Promise<string> {
  const target = parseAbiDocumentUri(uri);
  if (!target) throw new Error(vscode.l10n.t('This is not the address of an ABI: {0}', uri.toString()));
  if (target.kind === 'file') {
    const source = await readAbiSource(vscode.Uri.parse(target.fileUri, true));
    const abi = readAbiFile(source.text, source.fileName, target.contractName);
    return prettyCanonicalAbi(JSON.parse(abi.json));
  }
  const session = await services.requireSession();
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const sci = await session.client.getSmartContractInterface(
      { organizationId: target.organizationId, smartContractInterfaceId: target.smartContractInterfaceId },
      { signal: controller.signal },
    );
    let value: unknown;
    try {
      value = JSON.parse(sci.smartContractInterface);
    } catch {
      throw new InvalidInputError(
        'smart contract interface',
        vscode.l10n.t('The registered ABI of "{0}" is not JSON.', sci.label),
      );
    }
    return prettyCanonicalAbi(value);
  } catch (error) {
    services.log.failure('Could not read the registered ABI', error);
    throw error;
  } finally {
    subscription.dispose();
  }
}
