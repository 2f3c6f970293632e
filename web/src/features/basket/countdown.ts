// The basket timer: it counts each second from SecondsTilExpiration and the
// basket expires at 0. The deadline is taken from the server's figure when it arrives and read
// against a monotonic clock, so a slow tab or a changed system clock never stretches the hold.

/** When the hold ends on the monotonic clock (ms), from the server's seconds and when they arrived. */
export const deadlineOf = (secondsTilExpiration: number, receivedAt: number): number =>
  receivedAt + Math.max(0, secondsTilExpiration) * 1000;

/**
 * Clock readings closer than this are one moment. The monotonic clock has fractions of a
 * millisecond, and a deadline made from one reading is a float sum: 1,049 s after 1 s on such a
 * clock can come out a ten-billionth of a millisecond over 1,048 s, which rounded up is 1,049.
 */
export const SAME_MOMENT_MS = 0.001;

/** Whole seconds left at `now`: rounded up, so 0 means the hold has really ended. */
export const secondsLeftAt = (deadline: number, now: number): number =>
  Math.max(0, Math.ceil((deadline - now - SAME_MOMENT_MS) / 1000));

const two = (n: number) => String(n).padStart(2, '0');

/** 14:59, 0:05, and 1:02:03 past an hour. */
export const formatCountdown = (seconds: number): string => {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
};

export type CountdownTone = 'calm' | 'soon' | 'urgent';

/** How loudly the timer shows: soon from two minutes left, urgent in the last thirty seconds. */
export const countdownTone = (seconds: number): CountdownTone =>
  seconds <= 30 ? 'urgent' : seconds <= 120 ? 'soon' : 'calm';

/**
 * The moments a screen reader hears the time left (not every second: that would drown the
 * page): at 5 and 2 minutes, 1 minute and 30 seconds.
 */
export const ANNOUNCE_AT = [300, 120, 60, 30] as const;

/** The announcement due when the timer moves from `before` to `after` seconds, if any. */
export const announcementBetween = (before: number, after: number): number | undefined =>
  ANNOUNCE_AT.find((mark) => before > mark && after <= mark);
