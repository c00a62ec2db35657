import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/** Spec: toasts show for 1.5 s. */
const toastMs = 1500;

/**
 * Sonner's rich colours put light text on light tints (4.2:1 for a success): these darker texts
 * on the same tints read at 6:1 or better, as WCAG AA asks of small text (4.5:1).
 */
const toastColors = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 35%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

export default function ToasterView() {
  return (
    <Toaster position="top-right" richColors closeButton duration={toastMs} style={toastColors} />
  );
}
