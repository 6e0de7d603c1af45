export * from './users.js';
export * from './catalogue.js';
export * from './discussion.js';
export * from './articles.js';
export * from './moderation.js';
export * from './mail.js';
