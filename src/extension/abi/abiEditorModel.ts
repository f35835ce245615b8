/**
 * The ABI editor features' working part, behind the pages' door (pagesDoor.ts), opened the first time a JSON file
 * that may be an ABI is seen: the analysis of each document (kept per version), its lenses, its diagnostics and its quick fixes.
 * Reading ABIs uses zod and jsonc-parser, which activation does not load. A file past a few megabytes is not read
 * on each edit (it would hold the extension host for a second or more): its one lens registers it, reading it then.
 */
import * as vscode from 'vscode';
import type { AbiDocumentAnalysis, AbiDocumentProblem } from '../../api';
import { CommandIds } from '../commandIds';
import * as remoteApi from '../../api/remote';

type RemoteApi = typeof remoteApi;
import type { Services } from '../services';
import {
  abiLenses,
  CanonicalCache,
  largeFileLens,
  MAX_ANALYSED_ABI_CHARS,
  pendingOfOpen,
  type AbiLens,
} from './abiLensModel';
import type { OrganizationStore } from '../store/organizationStore';

export const DIAGNOSTIC_SOURCE = 'Countersign';

export class AbiEditorModel {
  readonly #services: Services;
  readonly #remote: RemoteApi;
  readonly #analyses = new Map<string, { version: number; analysis: AbiDocumentAnalysis }>();
  readonly #canonical = new CanonicalCache();
  readonly #store: OrganizationStore;

  constructor(services: Services, remote: RemoteApi, store: OrganizationStore) {
    this.#services = services;
    this.#remote = remote;
    this.#store = store;
  }

  /** The document seen as an ABI file, analysed once per version. */
  analysis(document: vscode.TextDocument): AbiDocumentAnalysis {
    const key = document.uri.toString();
    const kept = this.#analyses.get(key);
    if (kept && kept.version === document.version) return kept.analysis;
    const analysis = this.#remote.analyzeAbiDocument(document.getText(), document.uri.path);
    this.#analyses.set(key, { version: document.version, analysis });
    return analysis;
  }

  /** The document's length when it is too large to read on every edit; else undefined. */
  large(document: vscode.TextDocument): number | undefined {
    // The offset of the end: counted from the line lengths, without joining the text.
    const chars = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
    return chars > MAX_ANALYSED_ABI_CHARS ? chars : undefined;
  }

  forget(uri: vscode.Uri): void {
    this.#analyses.delete(uri.toString());
  }

  /** The lenses as data: the extension-host tests read these. */
  async lensModel(document: vscode.TextDocument): Promise<AbiLens[]> {
    const large = this.large(document);
    if (large !== undefined) return [largeFileLens(document.uri.toString(), large)];
    const analysis = this.analysis(document);
    if (analysis.kind !== 'abi') return [];
    const listing = await this.#listing();
    return abiLenses(
      {
        uri: document.uri.toString(),
        contracts: analysis.contracts,
        problems: analysis.problems,
        interfaces: listing?.interfaces,
        pending: listing ? this.#pending(listing.organizationId) : [],
      },
      this.#canonical,
    );
  }

  async codeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const lenses = await this.lensModel(document);
    return lenses.map((lens) => {
      const position = document.positionAt(lens.offset);
      return new vscode.CodeLens(new vscode.Range(position, position), {
        title: lens.title,
        tooltip: lens.tooltip,
        command: lens.command,
        arguments: [...lens.args],
      });
    });
  }

  /** The problems of the file, one diagnostic each (a trailing comma at the comma). */
  diagnostics(document: vscode.TextDocument): vscode.Diagnostic[] {
    if (this.large(document) !== undefined) return [];
    const analysis = this.analysis(document);
    if (analysis.kind !== 'abi') return [];
    return analysis.problems.map((problem) => toDiagnostic(document, problem));
  }

  /** "Register anyway" on a warning of a contract that has no error. */
  codeActions(document: vscode.TextDocument, diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction[] {
    if (this.large(document) !== undefined) return [];
    const analysis = this.analysis(document);
    if (analysis.kind !== 'abi') return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || diagnostic.severity !== vscode.DiagnosticSeverity.Warning)
        continue;
      const offset = document.offsetAt(diagnostic.range.start);
      const problem = analysis.problems.find((p) => p.offset === offset && p.message === diagnostic.message);
      const contract = analysis.contracts.find((c) => c.contractName === problem?.contractName);
      if (!contract || contract.errors > 0) continue;
      const action = new vscode.CodeAction(vscode.l10n.t('Register anyway'), vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.command = {
        title: action.title,
        command: CommandIds.createSmartContractInterface,
        arguments: [
          {
            uri: document.uri.toString(),
            ...(contract.contractName !== undefined ? { contractName: contract.contractName } : {}),
          },
        ],
      };
      actions.push(action);
    }
    return actions;
  }

  /**
   * The registrations that wait for approval: those submitted here (which know what they replace), and the open
   * ones the organization store holds, whoever submitted them.
   */
  #pending(organizationId: string) {
    const mine = this.#store.pendingRegistrations(organizationId);
    const open = this.#store.open;
    const others = open?.organizationId === organizationId ? pendingOfOpen(open.open, organizationId) : [];
    return [...mine, ...others.filter((p) => !mine.some((m) => m.activity.id === p.activity.id))];
  }

  /** The store's list, when a session is ready; a lens never starts a sign-in or shows an error. */
  async #listing() {
    if (this.#services.state() !== 'ready') return undefined;
    try {
      return await this.#store.interfaceListing();
    } catch (error) {
      this.#services.log.failure('Could not read the smart contract interfaces for the ABI lenses', error);
      return undefined;
    }
  }
}

function toDiagnostic(document: vscode.TextDocument, problem: AbiDocumentProblem): vscode.Diagnostic {
  const range = new vscode.Range(
    document.positionAt(problem.offset),
    document.positionAt(problem.offset + problem.length),
  );
  const diagnostic = new vscode.Diagnostic(
    range,
    problem.message,
    problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = problem.kind;
  return diagnostic;
}

export async function createAbiEditorModel(services: Services): Promise<AbiEditorModel> {
  const store = await services.store();
  return new AbiEditorModel(services, remoteApi, store);
}
