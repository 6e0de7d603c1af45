/**
 * The browser's record of the members it knows have answered or skipped the first sign-in's questions (a JSON list
 * of account ids, the last 20): apart from STORAGE_KEYS, which every page's first scripts carry, since only the
 * navbar's member parts (loaded later) and the cookie policy use it.
 */
export const FIRST_SIGN_IN_KEY = 'firstSignInAsked';
