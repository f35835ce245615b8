// Waits until a fresh extension host has finished starting: the workbench's messages, the built-in extensions
// activating on start-up. Until then, whatever the host does runs in the same event-loop turns as an `await
// import()` and would be counted into it. Settled = at least 3 s after the suite started, then 40 timer ticks of
// 50 ms in a row (2 s), each late by under 2 ms; at most 30 s.
'use strict';

exports.hostSettled = async function hostSettled() {
  const deadline = performance.now() + 30_000;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  let quiet = 0;
  while (quiet < 40 && performance.now() < deadline) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    quiet = performance.now() - asked - 50 < 2 ? quiet + 1 : 0;
  }
  return quiet >= 40;
};

/**
 * CPU time of this thread in milliseconds (user + system), where the host's Node has `process.threadCpuUsage`
 * (Node 23.9 and later): what the host's main thread spent, whatever the other processes of the machine do.
 */
exports.threadCpuMs = function threadCpuMs() {
  if (typeof process.threadCpuUsage !== 'function') return undefined;
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
