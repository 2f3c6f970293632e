import type { ScanResultName } from '../../../../adapters/http/contract/checkin.ts';

// A short tone per result, made with Web Audio (no sound files to load at the door): one high
// beep lets someone in; everything else is lower, and each refusal has its own pattern so the
// door staff hear the difference without looking.

type Tone = readonly [hertz: number, ms: number];

const TONES: Record<ScanResultName, readonly Tone[]> = {
  admitted: [[1320, 120]],
  alreadyScanned: [
    [660, 110],
    [660, 110],
  ],
  wrongEvent: [
    [520, 110],
    [390, 160],
  ],
  cancelled: [[220, 420]],
  unknown: [
    [300, 90],
    [300, 90],
    [300, 90],
  ],
};

const GAP_MS = 60;
let audio: AudioContext | null = null;

export const playScanSound = (result: ScanResultName): void => {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    audio ??= new Context();
    void audio.resume();
    let at = audio.currentTime;
    for (const [hertz, ms] of TONES[result]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = result === 'admitted' ? 'sine' : 'square';
      oscillator.frequency.value = hertz;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + ms / 1000);
      at += (ms + GAP_MS) / 1000;
    }
  } catch {
    // A browser that refuses audio still shows the result; the sound is a help, not the answer.
  }
};
