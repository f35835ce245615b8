/**
 * What each button of a review page does: the vote buttons run the same commands as the Activities view (so the
 * same confirmation applies); the others open the ABI, register one, or change what keeps the activity from being
 * read (Retry, Start Local Sandbox, Switch to …).
 */
import * as vscode from 'vscode';
import type { Activity } from '../../api';
import { CommandIds } from '../commandIds';
import { activityAbiUri } from '../output/jsonDocumentProvider';
import { chooseAbiFile } from '../ui/abiDocuments';
import type { ReviewActionId, ReviewModel } from './reviewMessages';

/** The buttons that act without the activity: they change what keeps it from being read. */
export const WITHOUT_ACTIVITY: ReadonlySet<ReviewActionId> = new Set(['retry', 'startLocalSandbox', 'switchProfile']);

/** What the handlers read of their page, as it is when a button is pressed. */
export interface ReviewActionPage {
  activity(): Activity | undefined;
  model(): ReviewModel | undefined;
  profileId(): string;
  refresh(): Promise<void>;
}

export function reviewActionHandlers(
  page: ReviewActionPage,
): Readonly<Record<ReviewActionId, () => Thenable<unknown>>> {
  const run = (command: string) => () => vscode.commands.executeCommand(command, page.activity());
  return {
    approve: run(CommandIds.approveActivity),
    reject: run(CommandIds.rejectActivity),
    approveWithPasskey: run(CommandIds.approveActivityWithPasskey),
    rejectWithPasskey: run(CommandIds.rejectActivityWithPasskey),
    openJson: run(CommandIds.openActivityJson),
    openAbi: async () => {
      const abi = page.model()?.openAbi;
      const activity = page.activity();
      if (!abi || !activity) return undefined;
      if (abi.kind === 'intent') {
        const document = await vscode.workspace.openTextDocument(activityAbiUri(activity, abi.label));
        return vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      }
      return vscode.commands.executeCommand(CommandIds.openSmartContractInterfaceAbi, {
        kind: 'smartContractInterface',
        organizationId: activity.organizationId,
        smartContractInterface: {
          organizationId: activity.organizationId,
          smartContractInterfaceId: abi.interfaceId,
          label: abi.label,
        },
      });
    },
    registerInterface: async () => {
      const address = page.model()?.registerAddress;
      const uri = await chooseAbiFile();
      if (!uri) return undefined;
      return vscode.commands.executeCommand(CommandIds.createSmartContractInterface, { uri, address });
    },
    retry: () => page.refresh(),
    startLocalSandbox: () => vscode.commands.executeCommand(CommandIds.startLocalSandbox),
    switchProfile: () => vscode.commands.executeCommand(CommandIds.switchProfile, page.profileId()),
  };
}
