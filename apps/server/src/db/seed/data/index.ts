export type * from './types.js';
export { certifications } from './certifications.js';
export { resources } from './resources.js';
export { articles } from './articles.js';
