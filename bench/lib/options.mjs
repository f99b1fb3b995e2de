/** The value of the command-line option `--name` (parsed by node:util parseArgs), a positive integer. */
export function positiveInteger(values, name) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}
