/** Whether React holds the page (and, with `whole`, the home grid holds every card); run inside the page. */
export function reactHolds(options: { whole: boolean; inert: string | null }): boolean;
