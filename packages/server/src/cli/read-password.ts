import { createInterface } from 'node:readline/promises';

/** One line typed without echo (a TTY), asked twice; or the first line of piped input (scripts). */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const first = await askHidden('Contraseña: ');
  const second = await askHidden('Repite la contraseña: ');
  if (first !== second) {
    console.error('Las contraseñas no coinciden.');
    process.exit(1);
  }
  return first;
}

function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve) => {
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          stdout.write('\n');
          process.exit(130);
        } else if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(typed);
          return;
        } else if (char === '\u007f' || char === '\b') {
          typed = typed.slice(0, -1);
        } else {
          typed += char;
        }
      }
    };
    stdin.on('data', onData);
  });
}
