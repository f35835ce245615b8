/**
 * One version of a policy file as every editor feature reads it: read once (policyFileReader.ts), its Problems
 * found once per state of the organization's knowledge, and completion, hovers, quick fixes and lenses answered
 * from that one reading. Past MAX_READ_LENGTH the file is checked (as far as it is read) and nothing else: its
 * Problems say so. Pure: the providers of policyEditorFeatures.ts only turn its answers into VS Code's types.
 */
import type { Policy } from '../../api';
import { completePolicy, type PolicyCompletion } from './policyCompletion';
import { policyDiagnostics, type PolicyDiagnostic, type PolicyFix } from './policyDiagnostics';
import { expressionAt, fileRange, readPolicyFile, type PolicyFile } from './policyDocument';
import { MAX_READ_LENGTH } from './policyFileLimits';
import { hoverPolicy, type PolicyHover } from './policyHover';
import type { PolicyKnowledge } from './policyKnowledge';
import { policyLenses, type PolicyLens } from './policyLensModel';

/** A Problem as VS Code hands it back to a code action: its code and its file offsets. */
export interface ShownProblem {
  readonly code: string | undefined;
  readonly start: number;
  readonly end: number;
}

/** A completion or a hover with its file offsets (an expression's characters mapped to the file's). */
export type Placed<T> = T & { readonly fileStart: number; readonly fileEnd: number };

export class PolicyModel {
  private read: PolicyFile | undefined;
  private checked: { knowledge: PolicyKnowledge; problems: readonly PolicyDiagnostic[] } | undefined;

  constructor(readonly text: string) {}

  /** Whether the file is small enough for completion, hovers and lenses. */
  get assisted(): boolean {
    return this.text.length <= MAX_READ_LENGTH;
  }

  get file(): PolicyFile {
    return (this.read ??= readPolicyFile(this.text));
  }

  /** The Problems of this version, found again only when the knowledge they were found with is replaced. */
  problems(knowledge: PolicyKnowledge): readonly PolicyDiagnostic[] {
    if (this.checked?.knowledge !== knowledge)
      this.checked = { knowledge, problems: policyDiagnostics(this.text, knowledge, this.file) };
    return this.checked.problems;
  }

  completions(offset: number, knowledge: PolicyKnowledge): Array<Placed<PolicyCompletion>> {
    if (!this.assisted) return [];
    const at = expressionAt(this.file, offset);
    if (!at) return [];
    return completePolicy(at.field, at.expression.value, at.inner, knowledge).map((entry) => {
      const range = fileRange(at.expression, entry.start, entry.end);
      return { ...entry, fileStart: range.start, fileEnd: range.end };
    });
  }

  hover(offset: number, knowledge: PolicyKnowledge): Placed<PolicyHover> | undefined {
    if (!this.assisted) return undefined;
    const at = expressionAt(this.file, offset);
    if (!at) return undefined;
    const hover = hoverPolicy(at.field, at.expression.value, at.inner, knowledge);
    if (!hover) return undefined;
    const range = fileRange(at.expression, hover.start, hover.end);
    return { ...hover, fileStart: range.start, fileEnd: range.end };
  }

  /**
   * The quick fixes of the Problems VS Code passes to a code action (not every Problem of the file): each with the
   * index of the Problem it fixes, found among this version's Problems by its code and place.
   */
  fixes(
    shown: readonly ShownProblem[],
    knowledge: PolicyKnowledge,
  ): Array<{ readonly shown: number; readonly fix: PolicyFix }> {
    if (shown.length === 0) return [];
    const fixes: Array<{ shown: number; fix: PolicyFix }> = [];
    const problems = this.problems(knowledge);
    shown.forEach((wanted, index) => {
      const found = problems.find(
        (problem) =>
          problem.fix !== undefined &&
          problem.code === wanted.code &&
          problem.start === wanted.start &&
          problem.end === wanted.end,
      );
      if (found?.fix) fixes.push({ shown: index, fix: found.fix });
    });
    return fixes;
  }

  lenses(uri: string, policies: readonly Policy[] | undefined, localSandbox: boolean): PolicyLens[] {
    if (!this.assisted) return [];
    return policyLenses(uri, this.file.entries, policies, localSandbox);
  }
}
