/** The repository's root folder. */
export const ROOT: string;
/** Why a build is needed, or null when it is current: of the whole product, or of the server alone. */
export function buildNeeded(part?: 'server'): string | null;
