/** The scripts and stylesheets a page's HTML loads for its first render, as absolute addresses against `base`. */
export function assetsOf(html: string, base: string): { js: string[]; css: string[] };
