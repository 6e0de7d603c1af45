/**
 * The time as the services see it. One per app instance (`AppOptions.now`), the system's by default; tests hand in
 * their own to move time forward (a suspension's end, docs/decisions/0027-suspensions.md) without waiting.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
