/**
 * Policy files in the editor: completion, hovers, diagnostics with quick fixes and lenses inside `*.policy.json`,
 * all reading the organization from the store. Started (by policyEditor.ts) when the first policy file opens.
 */
import * as vscode from 'vscode';
import { DocumentDebounce } from '../ui/documentDebounce';
import type { Policy } from '../../api';
import type { Services } from '../services';
import { t } from '../ui/l10n';
import { safeMarkdown } from '../ui/markdown';
import { markdownCode, markdownText } from '../ui/shownText';
import { knowledgeOf } from './organizationKnowledge';
import { choiceSentence } from '../wording/choiceWords';
import { completePolicy, type CompletionKind } from './policyCompletion';
import { policyDiagnostics } from './policyDiagnostics';
import { expressionAt, fileRange, readPolicyFile } from './policyDocument';
import { hoverPolicy } from './policyHover';
import { NO_KNOWLEDGE, type PolicyKnowledge } from './policyKnowledge';
import { policyLenses, type PolicyLens } from './policyLensModel';
import { isPolicyFile } from './policyFileNames';

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

  const readKnowledge = async () => {
    try {
      const store = await services.store();
      const [governance, organization, interfaces] = await Promise.all([
        store.governance(),
        store.organizationData(),
        store.interfaces(),
      ]);
      known = knowledgeOf({ ...governance, organization, interfaces });
      return { knowledge: known, policies: governance?.policies };
    } catch (error) {
      services.log.failure('Could not read the organization for policy files', error);
      return { knowledge: known, policies: undefined };
    }
  };

  const check = (document: vscode.TextDocument) => {
    if (!isPolicyFile(document)) return;
    try {
      const found = policyDiagnostics(document.getText(), known, t).map((problem) => {
        const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
        const severity =
          problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
        const message =
          problem.choices === undefined
            ? problem.message
            : t('{0} {1}', problem.message, problem.choices.map((id) => choiceSentence(id, t)).join(' '));
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
    return policyLenses(
      document.uri.toString(),
      readPolicyFile(document.getText()).entries,
      policies,
      t,
      services.profiles.active()?.localSandbox === true,
    );
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
        provideCompletionItems: (document, position) => {
          const offset = document.offsetAt(position);
          const at = expressionAt(readPolicyFile(document.getText()), offset);
          if (!at) return undefined;
          return completePolicy(at.field, at.expression.value, at.inner, known, t).map((entry) => {
            const item = new vscode.CompletionItem(entry.label, KINDS[entry.kind]);
            const range = fileRange(at.expression, entry.start, entry.end);
            item.range = new vscode.Range(document.positionAt(range.start), document.positionAt(range.end));
            item.insertText = entry.snippet ? new vscode.SnippetString(entry.insertText) : entry.insertText;
            if (entry.detail !== undefined) item.detail = entry.detail;
            if (entry.documentation !== undefined) item.documentation = entry.documentation;
            if (entry.filterText !== undefined) item.filterText = entry.filterText;
            // Ours first, above the JSON schema's suggestions.
            item.sortText = `0${entry.label}`;
            return item;
          });
        },
      },
      '.',
      "'",
      '[',
    ),
    vscode.languages.registerHoverProvider(selector, {
      provideHover: (document, position) => {
        const at = expressionAt(readPolicyFile(document.getText()), document.offsetAt(position));
        if (!at) return undefined;
        const hover = hoverPolicy(at.field, at.expression.value, at.inner, known, t);
        if (!hover) return undefined;
        const parts = [
          ...(hover.signature !== undefined ? [markdownCode(hover.signature)] : []),
          ...(hover.text !== '' ? [markdownText(hover.text)] : []),
        ];
        const markdown = safeMarkdown(parts.join('\n\n'));
        const range = fileRange(at.expression, hover.start, hover.end);
        return new vscode.Hover(
          markdown,
          new vscode.Range(document.positionAt(range.start), document.positionAt(range.end)),
        );
      },
    }),
    vscode.languages.registerCodeActionsProvider(
      selector,
      {
        provideCodeActions: (document, range) => {
          const actions: vscode.CodeAction[] = [];
          for (const problem of policyDiagnostics(document.getText(), known, t)) {
            const { fix } = problem;
            if (!fix) continue;
            const where = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
            if (!where.intersection(range)) continue;
            const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
            action.edit = new vscode.WorkspaceEdit();
            action.edit.replace(
              document.uri,
              new vscode.Range(document.positionAt(fix.start), document.positionAt(fix.end)),
              fix.text,
            );
            action.isPreferred = true;
            actions.push(action);
          }
          return actions;
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
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
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
