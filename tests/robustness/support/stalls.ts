// Measures how long this process was kept from running (the suite's other workers holding
// both cores, a long collection): a timer that should tick every few milliseconds records
// how late each tick came. A test whose time bounds are short can ask how much of a case's
// window the process lost, and tell a starved machine from a defect.

export type StallWatch = {
  /** Milliseconds the process lost between `start` and `end` (performance.now() times): the sum of its ticks' lateness. */
  lostWithin: (start: number, end: number) => number;
  stop: () => void;
};

export function watchStalls({ tickMs = 5 } = {}): StallWatch {
  // Parallel arrays of tick times and lateness: thousands of ticks per test, no objects.
  const times: number[] = [];
  const lateness: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - tickMs;
    if (late > 1) {
      times.push(now);
      lateness.push(late);
    }
    last = now;
  }, tickMs);
  return {
    lostWithin: (start, end) => {
      let lost = 0;
      // A tick at `time` that came `late` ms late covers the lost span (time - late, time].
      for (let i = times.length - 1; i >= 0 && times[i]! > start; i--) {
        const from = Math.max(start, times[i]! - lateness[i]!);
        const to = Math.min(end, times[i]!);
        if (to > from) lost += to - from;
      }
      return lost;
    },
    stop: () => clearInterval(timer),
  };
}
