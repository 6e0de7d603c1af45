/** A count of members in words, as the paths and the moderation log write it: "1 member", "3 members". */
export const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);
