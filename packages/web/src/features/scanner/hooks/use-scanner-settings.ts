import { beep, unlockAudio, vibrate } from '../utils/feedback';
import { storageKeys } from '../utils/storage';
import { useStoredFlag, useStoredText } from './use-stored-setting';

export type Feedback = 'ok' | 'refused';

/**
 * The device's scanner settings, remembered in localStorage: the bar it serves (null until asked,
 * '' when the staff skipped the question), sound (off by default) and vibration (on).
 */
export function useScannerSettings() {
  const [barra, setBarra] = useStoredText(storageKeys.barra);
  const [sound, setSound] = useStoredFlag(storageKeys.sound, false);
  const [vibration, setVibration] = useStoredFlag(storageKeys.vibration, true);

  return {
    barra,
    setBarra: (name: string) => setBarra(name.trim()),
    sound,
    setSound(on: boolean) {
      // Turned on by a tap: the audio can start now, so later camera scans can beep too.
      if (on) unlockAudio();
      setSound(on);
    },
    vibration,
    setVibration,
    feedback(outcome: Feedback) {
      if (sound) beep(outcome);
      if (vibration) vibrate(outcome);
    },
  };
}

export type ScannerSettings = ReturnType<typeof useScannerSettings>;
