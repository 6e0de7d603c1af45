/** The texts of a member's public plan on /u/{username} (docs/product.md#public-profile-page). */
export const PUBLIC_PLAN_TEXT = {
  title: 'Plan',
  intro: (username: string) =>
    `The certifications ${username} chose to show, by date: earned, expiring, and aimed for.`,
  none: (username: string) => `${username} shows no plan yet.`,
} as const;
