// The rehearsal's progress lines, timed from its start, and the violations it found.
const t0 = Date.now();
export const log = (message) =>
  console.log(`[rehearse +${((Date.now() - t0) / 1000).toFixed(1)} s] ${message}`);

export const violations = [];
export const violation = (message) => {
  violations.push(message);
  console.error(`✗ ${message}`);
};
