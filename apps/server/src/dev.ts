export {};
// `npm run dev`: the server under tsx watch (restarts on server changes) with the web app through Vite (hot reload).
process.env.CERTITUDE_DEV = '1';
process.env.NODE_ENV ??= 'development';
await import('./server.js');
