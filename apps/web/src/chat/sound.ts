// The short sound of a message arriving in a chat that is not open (spec §4), made with WebAudio: no file to
// download. Browsers let a page play sound only after the person interacted with it, so the audio context is
// made (or resumed) on their first tap or key press and the sound is skipped until then.

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function unlock() {
  const Audio: AudioContextClass | undefined =
    window.AudioContext ?? (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

for (const type of ['pointerdown', 'keydown'] as const) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Two soft rising notes, about a quarter of a second. */
export function playMessageSound(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime + 0.01;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.26);
  for (const [frequency, at] of [
    [880, 0],
    [1320, 0.09],
  ] as const) {
    const tone = context.createOscillator();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(frequency, start + at);
    tone.connect(gain);
    tone.start(start + at);
    tone.stop(start + at + 0.17);
  }
}
