/**
 * `approvers.any(u, u.id == '…')` is the consensus most policies write, each with its own id: every policy reads
 * the same field of every item of the same keyword's list, and compares it with its own literal. What the path
 * reads of each item (`u.id` of every approver) is read once per evaluator and kept in a column, with the steps
 * that reading took; each policy then only compares (methodClosures.ts). A column is given only when the
 * policy's budget covers all it would count, so the budget stops a policy where it would have stopped it anyway.
 */
import type { Run } from './closureKit';
import { memberOf } from './closureKit';
import type { Expr } from './syntax';
import { EvaluationError } from './values';

/** The path's value for each item of one list, read by one evaluator. */
export interface Column {
  serial: number;
  list: unknown[];
  /** The path's value of each item, the items read as the method reads them. */
  values: string[];
  /** The steps the reading took (the items' own step each included). */
  steps: number;
  /**
   * False when the reading failed, a value is not a string, or the reading rests on a row of docs/policies.md (a
   * field read with a rule of its own): then no column is given, and the closure reads the items itself.
   */
  usable: boolean;
}

const MAX_COLUMNS = 256;
const columns = new Map<string, Column>();

/**
 * The column of `members` over the keyword `listName`, one for every closure that reads the same path (each closure
 * keeps the one it was given, as sharedReads.ts's parts keep their slot).
 */
export function sharedColumn(listName: string, members: readonly Extract<Expr, { kind: 'member' }>[]): Column {
  const key = `${listName}|${members.map((member) => member.name).join('.')}`;
  let column = columns.get(key);
  if (!column) {
    if (columns.size >= MAX_COLUMNS) columns.clear();
    column = { serial: 0, list: [], values: [], steps: 0, usable: false };
    columns.set(key, column);
  }
  return column;
}

/**
 * `column` for this evaluator over `list` (the keyword's value), read now when it holds another's; undefined when
 * it cannot stand for the reading. `readItems` reads the items as the method does.
 */
export function columnOf(
  run: Run,
  column: Column,
  list: unknown[],
  members: readonly Extract<Expr, { kind: 'member' }>[],
  readItems: (run: Run, list: unknown[]) => unknown[],
): Column | undefined {
  if (column.serial === run.serial && column.list === list) return column.usable ? column : undefined;
  column.serial = run.serial;
  column.list = list;
  column.usable = false;
  // Read with a budget no reading can spend, then put back as it was: the policy is charged when it uses the column.
  const { stepsLeft, choiceBits } = run;
  run.stepsLeft = Number.MAX_SAFE_INTEGER;
  run.choiceBits = 0;
  try {
    const items = readItems(run, list);
    const values = new Array<string>(items.length);
    let usable = true;
    for (let i = 0; i < items.length; i++) {
      let value = items[i];
      for (let m = 0; m < members.length; m++) value = memberOf(run, members[m]!, value);
      // A field compared as text without regard to case, or not text at all, is compared as the closure would.
      if (typeof value === 'string') values[i] = value;
      else usable = false;
    }
    column.values = values;
    column.steps = Number.MAX_SAFE_INTEGER - run.stepsLeft;
    column.usable = usable && run.choiceBits === 0;
  } catch (thrown) {
    // An item the path cannot read: the policy reads the items itself, and fails where it would.
    if (!(thrown instanceof EvaluationError)) throw thrown;
  } finally {
    run.stepsLeft = stepsLeft;
    run.choiceBits = choiceBits;
  }
  return column.usable ? column : undefined;
}
