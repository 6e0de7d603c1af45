// The Node.js check of the commands people run first (`npm start`, `npm test`): one clear line and exit 1 on a
// Node.js older than the server accepts (apps/server/src/node-version.ts holds the same figure).
export const MIN_NODE_MAJOR = 22;

export function refuseOldNode() {
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) return;
  console.error(
    `Certitude needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
