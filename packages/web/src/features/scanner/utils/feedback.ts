/*
 * Sound and vibration after a scan, for a bartender who is not looking at the screen. A rising
 * double beep for a recorded drink, a low buzz for a refusal; one short pulse or three long ones.
 */

type Outcome = 'ok' | 'refused';

let audio: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return undefined;
  audio ??= new window.AudioContext();
  // Browsers start it suspended until a user gesture; a scan (Enter, a tap) is one.
  if (audio.state === 'suspended') void audio.resume();
  return audio;
}

function tone(
  context: AudioContext,
  frequency: number,
  start: number,
  seconds: number,
  wave: OscillatorType,
) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.25, context.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + seconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + start);
  oscillator.stop(context.currentTime + start + seconds);
}

export function beep(outcome: Outcome): void {
  try {
    const context = audioContext();
    if (!context) return;
    if (outcome === 'ok') {
      tone(context, 880, 0, 0.12, 'sine');
      tone(context, 1320, 0.14, 0.16, 'sine');
    } else {
      tone(context, 180, 0, 0.45, 'square');
    }
  } catch {
    // No sound on this device: the screen still says it.
  }
}

/** Prepares the audio on a tap (turning the sound on), so later scans from the camera can beep. */
export const unlockAudio = () => void audioContext();

export function vibrate(outcome: Outcome): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  navigator.vibrate(outcome === 'ok' ? 120 : [250, 100, 250, 100, 250]);
}
