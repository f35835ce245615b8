/**
 * Policy files in the editor: completion, hovers, diagnostics with quick fixes and lenses inside `*.policy.json`,
 * all reading the organization from the store and each version of a document from one model (policyModel.ts),
 * shared through a cache. Started (by policyEditor.ts) when the first policy file opens.
 */
import * as vscode from 'vscode';
import { DocumentDebounce } from '../ui/documentDebounce';
import type { Policy } from '../../api';
import type { Services } from '../services';
import { safeMarkdown } from '../ui/markdown';
import { markdownCode, markdownText } from '../ui/shownText';
import { knowledgeOf, readStoreReads } from './organizationKnowledge';
import { choiceSentence } from '../wording/choiceWords';
import type { CompletionKind } from './policyCompletion';
import { NO_KNOWLEDGE, type PolicyKnowledge } from './policyKnowledge';
import type { PolicyLens } from './policyLensModel';
import { isPolicyFile } from './policyFileNames';
import { PolicyModel } from './policyModel';
import { ModelCache } from './policyModelCache';

export interface PolicyEditorFeatures extends vscode.Disposable {
  readonly diagnostics: vscode.DiagnosticCollection;
  /** The lenses of a document as data (for the tests); [] when it is not a policy file. */
  lenses(document: vscode.TextDocument): Promise<PolicyLens[]>;
  /** What the features know of the active organization, read anew. */
  knowledge(): Promise<{ knowledge: PolicyKnowledge; policies: readonly Policy[] | undefined }>;
  /** Resolves once the diagnostics of the open documents are up to date. */
  settled(): Promise<void>;
}

const DEBOUNCE_MS = 250;
const SOURCE = 'Countersign';
/** Documents whose model is kept: the policy files a person has open at once, with room to spare. */
const MODELS_KEPT = 16;

const KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  keyword: vscode.CompletionItemKind.Keyword,
  field: vscode.CompletionItemKind.Field,
  method: vscode.CompletionItemKind.Method,
  value: vscode.CompletionItemKind.Value,
  function: vscode.CompletionItemKind.Function,
  variable: vscode.CompletionItemKind.Variable,
  constant: vscode.CompletionItemKind.Constant,
};

export async function startPolicyEditor(services: Services): Promise<PolicyEditorFeatures> {
  const diagnostics = vscode.languages.createDiagnosticCollection('countersign-policy');
  const lensesChanged = new vscode.EventEmitter<void>();
  let known: PolicyKnowledge = NO_KNOWLEDGE;
  const models = new ModelCache(MODELS_KEPT, (text) => new PolicyModel(text));
  const modelOf = (document: vscode.TextDocument) =>
    models.get({ uri: document.uri.toString(), version: document.version, getText: () => document.getText() });

  const readKnowledge = async () => {
    try {
      const reads = await readStoreReads(await services.store());
      known = knowledgeOf(reads);
      return { knowledge: known, policies: reads.governance?.policies };
    } catch (error) {
      services.log.failure('Could not read the organization for policy files', error);
      return { knowledge: known, policies: undefined };
    }
  };

  const check = (document: vscode.TextDocument) => {
    if (!isPolicyFile(document)) return;
    try {
      const found = modelOf(document)
        .problems(known)
        .map((problem) => {
          const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
          const severity =
            problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
          const message =
            problem.choices === undefined
              ? problem.message
              : vscode.l10n.t('{0} {1}', problem.message, problem.choices.map((id) => choiceSentence(id)).join(' '));
          const diagnostic = new vscode.Diagnostic(range, message, severity);
          diagnostic.source = SOURCE;
          diagnostic.code = problem.code;
          return diagnostic;
        });
      diagnostics.set(document.uri, found);
    } catch (error) {
      services.log.failure('Could not check a policy file', error);
    }
  };

  const checkLater = new DocumentDebounce((document) => check(document), DEBOUNCE_MS);

  const refresh = async () => {
    await readKnowledge();
    vscode.workspace.textDocuments.forEach(check);
    lensesChanged.fire();
  };

  const lenses = async (document: vscode.TextDocument): Promise<PolicyLens[]> => {
    if (!isPolicyFile(document)) return [];
    const { policies } = await readKnowledge();
    const localSandbox = services.profiles.active()?.localSandbox === true;
    return modelOf(document).lenses(document.uri.toString(), policies, localSandbox);
  };

  const selector: vscode.DocumentSelector = [
    { scheme: 'file', pattern: '**/*.policy.json' },
    { scheme: 'untitled', pattern: '**/*.policy.json' },
  ];

  let storeSubscription: vscode.Disposable | undefined;
  const follow = async () => {
    storeSubscription?.dispose();
    const store = await services.store();
    storeSubscription = store.onDidChange((change) => {
      if (change.organization || change.interfaces || change.reset || change.profile) void refresh();
    });
  };

  const subscriptions: vscode.Disposable[] = [
    diagnostics,
    lensesChanged,
    vscode.languages.registerCompletionItemProvider(
      selector,
      {
        provideCompletionItems: (document, position) =>
          modelOf(document)
            .completions(document.offsetAt(position), known)
            .map((entry) => {
              const item = new vscode.CompletionItem(entry.label, KINDS[entry.kind]);
              item.range = new vscode.Range(document.positionAt(entry.fileStart), document.positionAt(entry.fileEnd));
              item.insertText = entry.snippet ? new vscode.SnippetString(entry.insertText) : entry.insertText;
              if (entry.detail !== undefined) item.detail = entry.detail;
              if (entry.documentation !== undefined) item.documentation = entry.documentation;
              if (entry.filterText !== undefined) item.filterText = entry.filterText;
              // Ours first, above the JSON schema's suggestions.
              item.sortText = `0${entry.label}`;
              return item;
            }),
      },
      '.',
      "'",
      '[',
    ),
    vscode.languages.registerHoverProvider(selector, {
      provideHover: (document, position) => {
        const hover = modelOf(document).hover(document.offsetAt(position), known);
        if (!hover) return undefined;
        const parts = [
          ...(hover.signature !== undefined ? [markdownCode(hover.signature)] : []),
          ...(hover.text !== '' ? [markdownText(hover.text)] : []),
        ];
        const markdown = safeMarkdown(parts.join('\n\n'));
        return new vscode.Hover(
          markdown,
          new vscode.Range(document.positionAt(hover.fileStart), document.positionAt(hover.fileEnd)),
        );
      },
    }),
    vscode.languages.registerCodeActionsProvider(
      selector,
      {
        // From the Problems VS Code passes in (ours among them), each action linked to the one it fixes.
        provideCodeActions: (document, _range, context) => {
          const shown = context.diagnostics.map((diagnostic) => ({
            code: diagnostic.source === SOURCE && typeof diagnostic.code === 'string' ? diagnostic.code : undefined,
            start: document.offsetAt(diagnostic.range.start),
            end: document.offsetAt(diagnostic.range.end),
          }));
          return modelOf(document)
            .fixes(shown, known)
            .map(({ shown: index, fix }) => {
              const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
              action.diagnostics = [context.diagnostics[index]!];
              action.edit = new vscode.WorkspaceEdit();
              action.edit.replace(
                document.uri,
                new vscode.Range(document.positionAt(fix.start), document.positionAt(fix.end)),
                fix.text,
              );
              action.isPreferred = true;
              return action;
            });
        },
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: lensesChanged.event,
      provideCodeLenses: async (document) =>
        (await lenses(document)).map(
          (lens) =>
            new vscode.CodeLens(new vscode.Range(document.positionAt(lens.offset), document.positionAt(lens.offset)), {
              title: lens.title,
              tooltip: lens.tooltip,
              command: lens.command,
              arguments: [...lens.args],
            }),
        ),
    }),
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (isPolicyFile(event.document)) checkLater.schedule(event.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      diagnostics.delete(document.uri);
      models.forget(document.uri.toString());
    }),
    {
      dispose: () => {
        storeSubscription?.dispose();
      },
    },
    checkLater,
  ];
  await follow().catch((error: unknown) => services.log.failure('Could not follow the organization store', error));
  await refresh();

  return {
    diagnostics,
    lenses,
    knowledge: readKnowledge,
    settled: () => checkLater.settled(),
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
    },
  };
}
