const NAME_MAX = 60;

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const first = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A short label for this browser, e.g. 'Chrome en Android', for the organizer's device board. */
export function browserLabel(userAgent: string): string {
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Navegador';
}

/** The name this browser gets when its person pairs it: their name and the browser, within 60 characters. */
export function ownDeviceName(personName: string, userAgent: string): string {
  const label = browserLabel(userAgent);
  const room = NAME_MAX - label.length - 3;
  const name = personName.trim().slice(0, Math.max(room, 0)).trim();
  return name ? `${name} · ${label}` : label;
}
