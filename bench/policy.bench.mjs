// @ts-check
// The policy engine (src/api/policy/), in process, two figures, each beside its peer measured in the same run:
// - reading a 1 KB policy condition (parse + the creation-time check, past the engine's cache) against JSON.parse
//   of a 1 KB JSON document (the aim: within 6× of it);
// - deciding one signing activity against 100 policies (the sandbox's work on a submission or a vote, the
//   policies already read), against the same 100 rules written by hand as JavaScript functions (aim: within 4×;
//   goal: 1 ms);
// - deciding the worst policy the checker accepts, a 4.5 KB DENY of three nested loops, which the step budget
//   stops (goal: 5 ms).
// Times are CPU time of this process (BENCH_CLOCK=wall for the clock). Each figure and its peer are measured in
// alternating rounds (ours then the peer, then the peer then ours, …) and the medians compared, so that a pause of
// the machine or the JIT's warming falls on both; the spread of the rounds' own ratios is printed beside. Runs the
// compiled code in out/ (scripts/bench.mjs compiles it first when it is stale).
import { performance } from 'node:perf_hooks';
import { benchLine, median, requireCompiled } from './report.mjs';

const { decide } = /** @type {typeof import('../src/api/policy/index.js')} */ (
  requireCompiled('src/api/policy/index.js')
);
const { parseExpression } = /** @type {typeof import('../src/api/policy/parser.js')} */ (
  requireCompiled('src/api/policy/parser.js')
);
const { checkExpression } = /** @type {typeof import('../src/api/policy/checker.js')} */ (
  requireCompiled('src/api/policy/checker.js')
);

/**
 * What the hand-written rules read of the context.
 * @typedef {{
 *   approvers: readonly { id: string, tags: readonly string[] }[],
 *   private_key: { tags: readonly string[] },
 *   eth: { tx: { to: string, function_name: string, contract_call_args: { amount: string }, value: bigint,
 *     chain_id: bigint, data: string } }
 * }} BenchContext
 */

// Rounds are short (a few ms each): 150 of them keep a busy neighbour's pause from deciding the median.
const rounds = Number(process.env.BENCH_ITERATIONS ?? 150);

/**
 * Milliseconds of this process's CPU time per call of `fn` in one round of `batch` calls: the work is all on this
 * thread, and CPU time does not count the time a loaded machine leaves the process unscheduled, which the clock
 * would (BENCH_CLOCK=wall measures by the clock instead).
 * @param {() => unknown} fn
 * @param {number} batch
 */
function round(fn, batch) {
  if (process.env.BENCH_CLOCK === 'wall') {
    const started = performance.now();
    for (let i = 0; i < batch; i++) fn();
    return (performance.now() - started) / batch;
  }
  const started = process.cpuUsage();
  for (let i = 0; i < batch; i++) fn();
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000 / batch;
}

/**
 * Milliseconds per call of each of `series` ([fn, batch] pairs): after a warm-up of each, `rounds` rounds in
 * which each runs one batch, in turn (the order reversed every other round, so that none always runs first), and
 * the median round of each; `spread` is the lowest and highest ratio of the first to the second within a round.
 * @param {...[() => unknown, number]} series
 * @returns {{ medians: number[], spread: [number, number] }}
 */
function alternating(...series) {
  for (const [fn, batch] of series) round(fn, batch);
  /** @type {number[][]} */
  const times = series.map(() => []);
  /** @type {number[]} */
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const order = series.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    /** @type {number[]} */
    const took = [];
    for (const i of order) {
      const [fn, batch] = /** @type {[() => unknown, number]} */ (series[i]);
      took[i] = round(fn, batch);
      times[i]?.push(took[i]);
    }
    ratios.push((took[0] ?? NaN) / (took[1] ?? NaN));
  }
  return { medians: times.map(median), spread: [Math.min(...ratios), Math.max(...ratios)] };
}
/** @param {[number, number]} spread */
const spreadText = ([low, high]) => `rounds ${low.toFixed(1)}–${high.toFixed(1)}×`;

// --- 1. A 1 KB condition, and a 1 KB JSON document -------------------------------------------------------------
/** @param {number} i */
const address = (i) => `0x${(0x5fbdb2315678afecb367f032d93f642f64180aa3n + BigInt(i)).toString(16).padStart(40, '0')}`;
const clauses = [
  "activity.kind == 'SIGN_TRANSACTION'",
  `eth.tx.to in ['${address(1)}', '${address(2)}', '${address(3)}']`,
  "eth.tx.function_name == 'transfer'",
  "eth.tx.contract_call_args['amount'] < 1000000000000000000",
  "(eth.tx.data[0..10] == '0xa9059cbb' || eth.tx.data[0..10] == '0x23b872dd')",
  'eth.tx.chain_id in [1, 10, 137, 8453, 42161]',
  "!private_key.tags.contains('c3f1a2b4-0f1e-4d3c-9a8b-7c6d5e4f3a21')",
  'eth.tx.value <= 100000000000000000 && eth.tx.gas < 500000',
];
let condition = clauses.join(' && ');
for (let i = 4; condition.length < 1000; i++) condition += ` && eth.tx.to != '${address(i)}'`;
// A condition reaches the engine as JSON.parse gives it (a request body, the journal): one flat string, not the
// chain of pieces `+=` builds, which reads slower character by character.
condition = Buffer.from(condition, 'utf8').toString('utf8');
/** @param {number} n */
const policyDocument = (n) =>
  JSON.stringify({
    policyId: '7f0e3d2c-1b4a-4c5d-8e9f-0a1b2c3d4e5f',
    policyName: 'Transfers to the token under a cap',
    effect: /** @type {const} */ ('EFFECT_ALLOW'),
    notes: 'n'.repeat(n),
    consensus: "approvers.any(u, u.id == '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8')",
    createdAt: { seconds: '1764115200', nanos: '0' },
  });
let pad = 0;
while (policyDocument(pad).length < condition.length) pad++;
const json = policyDocument(pad);

const read = () => checkExpression('condition', parseExpression(condition));
const readRun = alternating([read, 500], [() => /** @type {unknown} */ (JSON.parse(json)), 2000]);
const [ours = NaN, peer = NaN] = readRun.medians;
console.log(
  `Policy read: a ${condition.length}-character condition in ${(ours * 1000).toFixed(1)} µs; JSON.parse of ` +
    `${json.length} characters in ${(peer * 1000).toFixed(1)} µs (${(ours / peer).toFixed(1)}×, ` +
    `${spreadText(readRun.spread)}; aim ≤ 6×)`,
);
benchLine(`Policy parse + check, ${condition.length} B condition`, ours * 1000, 'µs', {
  name: `JSON.parse of a ${json.length} B document`,
  value: peer * 1000,
});

// --- 2. 100 policies, one signing activity ----------------------------------------------------------------------
const FINANCE = 'b3f1c2a4-0f1e-4d3c-9a8b-7c6d5e4f3a21';
const TOKEN = address(1);
/**
 * Four kinds of rule, each with its hand-written twin, whose constants (an address, a tag, a bound) are made once,
 * as the engine reads a policy's literals once; `asWas` is the twin as earlier runs of this bench wrote it, making
 * those constants on every call (an address from a bigint each time), measured beside for comparison with them.
 */
const templates = [
  /** @param {number} i */
  (i) => {
    const user = `user-${i}`;
    const to = address(i + 100);
    return {
      policy: {
        effect: /** @type {const} */ ('EFFECT_ALLOW'),
        consensus: `approvers.any(u, u.id == '${user}')`,
        condition: `eth.tx.to == '${to}'`,
      },
      twin: /** @param {BenchContext} c */ (c) => {
        const named = c.approvers.some((u) => u.id === user);
        const sent = c.eth.tx.to.toLowerCase() === to;
        return named && sent ? 'OUTCOME_ALLOW' : sent ? 'OUTCOME_REQUIRES_CONSENSUS' : 'OUTCOME_DENY_IMPLICIT';
      },
      asWas: /** @param {BenchContext} c */ (c) => {
        const named = c.approvers.some((u) => u.id === `user-${i}`);
        const sent = c.eth.tx.to.toLowerCase() === address(i + 100);
        return named && sent ? 'OUTCOME_ALLOW' : sent ? 'OUTCOME_REQUIRES_CONSENSUS' : 'OUTCOME_DENY_IMPLICIT';
      },
    };
  },
  /** @param {number} i */
  (i) => {
    const cap = BigInt(1000 + i);
    /** @param {BenchContext} c @param {bigint} bound */
    const rule = (c, bound) => {
      const tx = c.eth.tx;
      const cond =
        tx.to.toLowerCase() === TOKEN &&
        tx.function_name === 'transfer' &&
        BigInt(tx.contract_call_args.amount) < bound;
      const cons = c.approvers.filter((u) => u.tags.includes(FINANCE)).length >= 2;
      return cond && cons ? 'OUTCOME_ALLOW' : cond ? 'OUTCOME_REQUIRES_CONSENSUS' : 'OUTCOME_DENY_IMPLICIT';
    };
    return {
      policy: {
        effect: /** @type {const} */ ('EFFECT_ALLOW'),
        consensus: `approvers.filter(u, u.tags.contains('${FINANCE}')).count() >= 2`,
        condition: `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['amount'] < ${cap}`,
      },
      twin: /** @param {BenchContext} c */ (c) => rule(c, cap),
      asWas: /** @param {BenchContext} c */ (c) => rule(c, BigInt(1000 + i)),
    };
  },
  /** @param {number} i */
  (i) => {
    const tag = `tag-${i}`;
    const floor = BigInt(i);
    return {
      policy: {
        effect: /** @type {const} */ ('EFFECT_DENY'),
        condition: `private_key.tags.contains('${tag}') && eth.tx.value > ${floor}`,
      },
      twin: /** @param {BenchContext} c */ (c) =>
        c.private_key.tags.includes(tag) && c.eth.tx.value > floor ? 'OUTCOME_DENY_EXPLICIT' : 'OUTCOME_DENY_IMPLICIT',
      asWas: /** @param {BenchContext} c */ (c) =>
        c.private_key.tags.includes(`tag-${i}`) && c.eth.tx.value > BigInt(i)
          ? 'OUTCOME_DENY_EXPLICIT'
          : 'OUTCOME_DENY_IMPLICIT',
    };
  },
  /** @param {number} i */
  (i) => {
    const chain = BigInt(i);
    /** @param {BenchContext} c @param {bigint} other */
    const rule = (c, other) =>
      c.eth.tx.chain_id === 1n || c.eth.tx.chain_id === other
        ? c.eth.tx.data.slice(0, 10) === '0x095ea7b3'
          ? 'OUTCOME_ALLOW'
          : 'OUTCOME_DENY_IMPLICIT'
        : 'OUTCOME_DENY_IMPLICIT';
    return {
      policy: {
        effect: /** @type {const} */ ('EFFECT_ALLOW'),
        condition: `activity.kind == 'SIGN_TRANSACTION' && eth.tx.chain_id in [1, ${chain}] && eth.tx.data[0..10] == '0x095ea7b3'`,
      },
      twin: /** @param {BenchContext} c */ (c) => rule(c, chain),
      asWas: /** @param {BenchContext} c */ (c) => rule(c, BigInt(i)),
    };
  },
];
const rules = Array.from({ length: 100 }, (_, i) => {
  const template = templates[i % templates.length];
  if (!template) throw new Error('no template');
  return template(i);
});
const policies = rules.map((r, i) => ({ policyId: `policy-${i}`, policyName: `Policy ${i}`, ...r.policy }));
const amount = 500n;
const context = {
  activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', params: { type: 'TRANSACTION_TYPE_ETHEREUM' } },
  approvers: [
    { id: 'user-dev', tags: [] },
    { id: 'user-alice', tags: [FINANCE] },
  ],
  credentials: [],
  private_key: { id: 'key-1', tags: ['tag-7'], imported: false, exported: false, label: 'Hot' },
  eth: {
    tx: {
      from: address(0),
      to: TOKEN.toUpperCase().replace('0X', '0x'),
      data: `0xa9059cbb${'0'.repeat(64)}${amount.toString(16).padStart(64, '0')}`,
      value: 0n,
      gas: 60000n,
      gas_price: 1n,
      chain_id: 31337n,
      nonce: 0n,
      type: /** @type {const} */ ('TYPE_2'),
      function_name: 'transfer',
      function_signature: '0xa9059cbb',
      contract_call_args: { to: address(0), amount: amount.toString() },
    },
  },
  now: new Date(),
};
const decision = decide(policies, context, { rootQuorumMet: false });
const engineOutcomes = JSON.stringify(decision.evaluations.map((e) => e.outcome));
for (const twins of [rules.map((r) => r.twin(context)), rules.map((r) => r.asWas(context))]) {
  if (engineOutcomes !== JSON.stringify(twins))
    throw new Error(`the engine and the hand-written rules disagree: ${engineOutcomes} ${JSON.stringify(twins)}`);
}
const decideRun = alternating(
  [() => decide(policies, context, { rootQuorumMet: false }), 50],
  [() => rules.map((r) => r.twin(context)), 500],
  [() => rules.map((r) => r.asWas(context)), 500],
);
const [decideMs = NaN, handMs = NaN, asWasMs = NaN] = decideRun.medians;
console.log(
  `Policy decision: 100 policies (${decision.decision}) in ${decideMs.toFixed(3)} ms; the same rules by hand in ` +
    `${handMs.toFixed(4)} ms (${(decideMs / handMs).toFixed(1)}×, ${spreadText(decideRun.spread)}; aim ≤ 4×; ` +
    `goal 1 ms); by hand as earlier runs wrote them (constants made on each call) in ${asWasMs.toFixed(4)} ms ` +
    `(${(decideMs / asWasMs).toFixed(1)}×)`,
);
benchLine(
  'Policy decision, 100 policies, one signing activity',
  decideMs,
  'ms',
  { name: 'the same 100 rules as JavaScript functions', value: handMs },
  { max: 1 },
);

// --- 3. The worst policy the checker accepts ------------------------------------------------------------------
const list = `[${Array.from({ length: 400 }, (_, i) => i).join(', ')}]`;
const cubic = [
  {
    policyId: 'cubic',
    policyName: 'Cubic',
    effect: /** @type {const} */ ('EFFECT_DENY'),
    condition: `${list}.all(x, ${list}.all(y, ${list}.any(z, z == -1) || true))`,
  },
];
const stopped = decide(cubic, context, { rootQuorumMet: false }).evaluations[0];
if (stopped?.outcome !== 'OUTCOME_ERROR') throw new Error(`the budget did not stop the policy: ${stopped?.outcome}`);
const one = policies.slice(0, 1);
const budgetRun = alternating(
  [() => decide(cubic, context, { rootQuorumMet: false }), 3],
  [() => decide(one, context, { rootQuorumMet: false }), 500],
);
const [cubicMs = NaN, oneMs = NaN] = budgetRun.medians;
console.log(
  `Policy budget: the ${cubic[0]?.condition.length} B DENY of three nested loops decided (${stopped.error}) in ` +
    `${cubicMs.toFixed(2)} ms (goal 5 ms); one ordinary policy in ${(oneMs * 1000).toFixed(1)} µs`,
);
benchLine(
  'Policy budget: the worst policy the checker accepts, decided',
  cubicMs * 1000,
  'µs',
  { name: 'one ordinary policy decided', value: oneMs * 1000 },
  { max: 5000 },
);
