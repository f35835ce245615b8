// One figure of a bench, in the line scripts/bench.mjs collects into its table:
//   BENCH {"figure":…,"value":…,"unit":…,"peer":…,"peerValue":…,"ratio":…}
// `peer` (a named peer, or a budget) and its value are left out where there is none; ratio = value / peerValue.
const round = (value) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

export function benchLine(figure, value, unit, peer) {
  const line = { figure, value: round(value), unit };
  if (peer) Object.assign(line, { peer: peer.name, peerValue: round(peer.value), ratio: round(value / peer.value) });
  console.log(`BENCH ${JSON.stringify(line)}`);
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
