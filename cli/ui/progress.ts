import { createElement as h } from 'react';
import { Box, Text, render, type Instance } from 'ink';

export interface ProgressReporter {
  update(step: string, done: number, total: number): void;
  finish(message: string): void;
}

const BAR_WIDTH = 30;

const Bar = ({ step, done, total }: { step: string; done: number; total: number }) => {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * BAR_WIDTH);
  return h(
    Box,
    { gap: 1 },
    h(Text, { color: 'green' }, '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled)),
    h(Text, null, `${String(Math.round(ratio * 100)).padStart(3)}%`),
    h(Text, { dimColor: true }, step),
  );
};

/** A progress bar on a terminal (Ink); plain lines when output is piped or in CI. */
export const progressReporter = (stream: NodeJS.WriteStream = process.stderr): ProgressReporter => {
  if (!stream.isTTY) {
    let last = '';
    return {
      update: (step, done, total) => {
        if (step === last) return;
        last = step;
        stream.write(`${step} (${done}/${total})\n`);
      },
      finish: (message) => stream.write(`${message}\n`),
    };
  }
  let instance: Instance | undefined;
  return {
    update: (step, done, total) => {
      const node = h(Bar, { step, done, total });
      if (instance) instance.rerender(node);
      else instance = render(node, { stdout: stream, patchConsole: false });
    },
    finish: (message) => {
      instance?.unmount();
      stream.write(`${message}\n`);
    },
  };
};
